/**
 * The dashboards in the repository (issue #27) show the picture of a day (src/telemetry/dayPicture.ts): the
 * Grafana dashboard and the Azure Monitor workbook each have one panel per figure, under its title, computed
 * from exactly its metrics, and every query asks only for metrics, labels and values the bot records
 * (src/telemetry/catalog.ts). The PromQL is read with Prometheus' own grammar and held against the bot's real
 * /metrics after a day of conversations, so an operator who imports either sees no empty panel for a misspelt name.
 */
import { readFileSync } from 'node:fs';
import { DEMO } from '../../sandbox/simulators';
import { METRICS, type MetricName } from '../../src/telemetry/catalog';
import { DAY_PICTURE } from '../../src/telemetry/dayPicture';
import { answerOf, configFor, startApp } from '../support/app';
import { TestChannel } from '../support/channel';
import { FakeClock } from '../support/fakeClock';
import { useMovingParcel } from '../support/movingParcel';
import { readKql, readWorkbook, type WorkbookItem } from './kql';
import { parsePrometheus } from './prometheusText';
import { evaluateShare, namedValues, passes, readPromQL, type Selector } from './promql';

/** What the tests read of Grafana's JSON model (the tests hold the rest with toMatchObject). */
interface GrafanaPanel {
  id: number;
  type: string;
  title: string;
  description?: string;
  datasource?: unknown;
  gridPos?: unknown;
  targets: Array<{ expr: string; datasource: { uid: string } }>;
  panels?: GrafanaPanel[];
  fieldConfig: { defaults: { noValue?: unknown } };
}
interface GrafanaVariable {
  name: string;
  query: unknown;
}
interface GrafanaDashboard {
  panels: GrafanaPanel[];
  templating: { list: GrafanaVariable[] };
}

const grafana = JSON.parse(readFileSync('dashboards/grafana/order-tracking-bot.json', 'utf8')) as GrafanaDashboard;
const workbook = readWorkbook();

/** Every panel, those inside a collapsed row too; rows themselves show nothing. */
const panels: GrafanaPanel[] = grafana.panels
  .flatMap((panel) => [panel, ...(panel.panels ?? [])])
  .filter((panel) => panel.type !== 'row');
const promqlOf = (panel: GrafanaPanel): string[] => panel.targets.map((target) => target.expr);
/** The channel variable's label_values(metric, label): Prometheus must know the metric and its label. */
const variables: GrafanaVariable[] = grafana.templating.list;
const channelVariable = variables.find((variable) => variable.name === 'channel');
const [, variableMetric, variableLabel] =
  /^label_values\((\w+),\s*(\w+)\)$/.exec((channelVariable?.query as { query: string }).query) ?? [];
/** Grafana asks for the label's values of that metric, as this query would. */
const variableExpr = `count by (${variableLabel}) (${variableMetric})`;
const grafanaQueries: string[] = [...panels.flatMap(promqlOf), variableExpr];

const queries: WorkbookItem[] = workbook.items.filter((item) => item.type === 3);
const kqlOf = (title: string) =>
  queries.filter((item) => item.content.title === title).map((item) => readKql(item.content.query));

/** The span attributes a workbook may read in `dependencies` (the tracking.lookup span's, fixed for #27). */
const SPAN_ATTRIBUTES = ['tracking.kind', 'tracking.interface', 'tracking.result', 'tracking.cached'];

/** The catalog's metric a series belongs to: itself, or the histogram its `_bucket`, `_sum` or `_count` is part of. */
function metricOf(series: string): MetricName | undefined {
  if (series in METRICS) return series as MetricName;
  const base = series.replace(/_(bucket|sum|count)$/, '');
  return base !== series && base in METRICS && METRICS[base as MetricName].kind === 'histogram'
    ? (base as MetricName)
    : undefined;
}

function labelsOf(series: string): Readonly<Record<string, readonly string[]>> {
  const metric = metricOf(series);
  if (!metric) return {};
  return series.endsWith('_bucket') ? { ...METRICS[metric].labels, le: [] } : METRICS[metric].labels;
}

/** What a selector asks of the catalog that it does not have: an unknown metric, label or value. */
function unknownIn(selector: Selector): string[] {
  if (!metricOf(selector.series)) return [`no metric ${selector.series}`];
  const labels = labelsOf(selector.series);
  return selector.matchers.flatMap((matcher) => {
    if (!(matcher.label in labels)) return [`${selector.series} has no label ${matcher.label}`];
    return namedValues(matcher)
      .filter((value) => !labels[matcher.label].includes(value))
      .map((value) => `${selector.series}'s ${matcher.label} is never "${value}"`);
  });
}

const metricsOf = (names: string[]) => [...new Set(names.map((name) => metricOf(name) ?? name))].sort();
const histograms = (metrics: readonly MetricName[]) => metrics.filter((metric) => METRICS[metric].kind === 'histogram');

describe('the Grafana dashboard', () => {
  test('is a Grafana JSON model to import as it is: the Prometheus data source a variable of every panel and query', () => {
    expect(grafana).toMatchObject({
      uid: 'order-tracking-bot',
      schemaVersion: expect.any(Number) as unknown,
      title: expect.any(String) as unknown,
      time: { from: 'now-24h', to: 'now' },
    });
    expect(variables.find((variable) => variable.name === 'datasource')).toMatchObject({
      type: 'datasource',
      query: 'prometheus',
    });
    expect(channelVariable).toMatchObject({
      type: 'query',
      includeAll: true,
      multi: true,
      datasource: { type: 'prometheus', uid: '${datasource}' },
    });
    const ids = grafana.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]).map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect({ title: panel.title, datasource: panel.datasource, gridPos: panel.gridPos }).toEqual({
        title: panel.title,
        datasource: { type: 'prometheus', uid: '${datasource}' },
        gridPos: expect.objectContaining({
          w: expect.any(Number) as unknown,
          h: expect.any(Number) as unknown,
        }) as unknown,
      });
      expect(panel.targets.map((target) => target.datasource.uid)).toEqual(panel.targets.map(() => '${datasource}'));
    }
  });

  test('has one panel per figure of the day, under its title, described by what it means', () => {
    for (const figure of DAY_PICTURE) {
      expect({
        title: figure.title,
        descriptions: panels.filter((panel) => panel.title === figure.title).map((panel) => panel.description),
      }).toEqual({ title: figure.title, descriptions: [figure.means] });
    }
    expect(new Set(panels.map((panel) => panel.title)).size).toBe(panels.length);
  });

  test('every query is PromQL Prometheus reads, and asks only for metrics, labels and values the bot records', () => {
    for (const expr of grafanaQueries) {
      const query = readPromQL(expr);
      expect({ expr, errors: query.errors, unknown: query.selectors.flatMap(unknownIn) }).toEqual({
        expr,
        errors: [],
        unknown: [],
      });
      // Every bot_ name in the text is one the grammar read as a series (none hides in a string or a typo'd function).
      expect({ expr, names: [...new Set(expr.match(/bot_[a-z_]+/g))].sort() }).toEqual({
        expr,
        names: [...new Set(query.selectors.map((selector) => selector.series))].sort(),
      });
      const groupable = new Set(query.selectors.flatMap((selector) => Object.keys(labelsOf(selector.series))));
      expect({ expr, grouping: query.grouping.filter((label) => !groupable.has(label)) }).toEqual({
        expr,
        grouping: [],
      });
    }
  });

  test("each figure's panel is computed from exactly the figure's metrics", () => {
    for (const figure of DAY_PICTURE) {
      const [panel] = panels.filter((each) => each.title === figure.title);
      const read = promqlOf(panel).flatMap((expr) => readPromQL(expr).selectors.map((selector) => selector.series));
      expect({ figure: figure.id, metrics: metricsOf(read) }).toEqual({
        figure: figure.id,
        metrics: [...figure.metrics].sort(),
      });
    }
  });
});

describe("the Grafana dashboard's shares: no data is no data, never 100 % or 0 %", () => {
  const shareOf = (title: string, totals: Record<string, number | undefined>) => {
    const [panel] = panels.filter((each) => each.title === title);
    // Grafana shows "No data" for an empty answer unless the panel says otherwise.
    expect(panel.fieldConfig.defaults.noValue).toBeUndefined();
    // Each selector by its metric and the values it filters on, as `metric{value|value}`: what the day came to for it.
    return evaluateShare(
      promqlOf(panel)[0],
      (selector) => totals[`${selector.series}{${selector.matchers.map((matcher) => matcher.value).join(',')}}`],
    );
  };
  const conversations = 'bot_conversations_total{}';
  const handoffs = 'bot_handoffs_total{initiated}';
  const notFound = 'bot_lookups_total{not_found}';
  const answered = 'bot_lookups_total{found|cached|not_found}';

  test.each<[string, Record<string, number | undefined>, number | undefined]>([
    ['nothing recorded yet (no series)', {}, undefined],
    ['no conversation in the range (counters at rest)', { [conversations]: 0, [handoffs]: 0 }, undefined],
    ['no conversation and no handoff series', { [conversations]: 0 }, undefined],
    ['ten conversations, no handoff series yet', { [conversations]: 10 }, 1],
    ['ten conversations, three handoffs', { [conversations]: 10, [handoffs]: 3 }, 0.7],
    ['more handoffs than conversations (asked twice)', { [conversations]: 2, [handoffs]: 3 }, 0],
  ])('Answered without a person, %s', (_when, totals, shown) => {
    expect(shareOf('Answered without a person', totals)).toBe(shown);
  });

  test.each<[string, Record<string, number | undefined>, number | undefined]>([
    ['nothing recorded yet (no series)', {}, undefined],
    ['no lookup answered in the range', { [answered]: 0, [notFound]: 0 }, undefined],
    ['ten answered, none not found (no series for it)', { [answered]: 10 }, 0],
    ['ten answered, two not found', { [answered]: 10, [notFound]: 2 }, 0.2],
  ])('Numbers not found, %s', (_when, totals, shown) => {
    expect(shareOf('Numbers not found', totals)).toBe(shown);
  });
});

describe('the Azure Monitor workbook', () => {
  test('is a workbook gallery template: KQL queries on the Application Insights resource, in a time range the operator picks', () => {
    expect(workbook.version).toBe('Notebook/1.0');
    for (const item of queries) {
      expect(item.content).toMatchObject({
        version: 'KqlItem/1.0',
        queryType: 0,
        resourceType: 'microsoft.insights/components',
        timeContextFromParameter: 'TimeRange',
        title: expect.any(String) as unknown,
      });
    }
    const parameters = workbook.items.filter((item) => item.type === 9).flatMap((item) => item.content.parameters);
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'TimeRange', type: 4 }));
  });

  test('has one query per figure of the day, under its title, and its opening text says what each means', () => {
    const about = workbook.items.find((item) => item.type === 1)?.content.json;
    for (const figure of DAY_PICTURE) {
      expect({
        title: figure.title,
        queries: queries.filter((item) => item.content.title === figure.title).length,
      }).toEqual({ title: figure.title, queries: 1 });
      expect(about).toContain(`**${figure.title}**: ${figure.means}`);
    }
    expect(new Set(queries.map((item) => item.content.title)).size).toBe(queries.length);
  });

  test('every query names only metrics, dimensions and values the bot records (in dependencies: the lookup span attributes)', () => {
    for (const item of queries) {
      const query = readKql(item.content.query);
      const title = item.content.title;
      const metrics = query.metrics.map((name) => metricOf(name) ?? `no metric ${name}`);
      expect({ title, errors: query.errors, unknown: metrics.filter((name) => name.startsWith('no metric')) }).toEqual({
        title,
        errors: [],
        unknown: [],
      });
      const reading = (key: string): readonly string[] | undefined => {
        if (query.tables.includes('dependencies')) return SPAN_ATTRIBUTES.includes(key) ? [] : undefined;
        const labels = metrics
          .map((metric) => METRICS[metric as MetricName].labels as Record<string, readonly string[]>)
          .find((each) => key in each);
        return labels?.[key];
      };
      const unknown = query.dimensions.flatMap(({ key, values }) => {
        const known = reading(key);
        if (!known) return [`no dimension ${key}`];
        return values.filter((value) => !known.includes(value)).map((value) => `${key} is never "${value}"`);
      });
      expect({
        title,
        tables: query.tables.filter((table) => !['customMetrics', 'dependencies'].includes(table)),
        unknown,
      }).toEqual({ title, tables: [], unknown: [] });
    }
  });

  test("each figure's query uses exactly the figure's metrics; a histogram's percentiles come from the HTTP calls in dependencies", () => {
    // Application Insights keeps a histogram as sum, count, min and max, without buckets: no percentile can come from customMetrics.
    for (const figure of DAY_PICTURE) {
      const [query] = kqlOf(figure.title);
      const counted = figure.metrics.filter((metric) => METRICS[metric].kind !== 'histogram');
      expect({
        figure: figure.id,
        metrics: metricsOf(query.metrics),
        fromCalls: query.tables.includes('dependencies'),
      }).toEqual({
        figure: figure.id,
        metrics: [...counted].sort(),
        fromCalls: histograms(figure.metrics).length > 0,
      });
    }
  });
});

test('docs/operating.md\'s "A picture of a day" has every figure, in order, with what it means', () => {
  const section =
    /^## A picture of a day$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readFileSync('docs/operating.md', 'utf8'))?.[1] ?? '';
  const rows = [...section.matchAll(/^\| (.+?) \| (.+?) \|$/gm)]
    .slice(2)
    .map((row) => ({ title: row[1], means: row[2] }));
  expect(rows).toEqual(DAY_PICTURE.map(({ title, means }) => ({ title, means })));
});

describe("what the Grafana panels read is in the bot's own /metrics after a day of conversations", () => {
  const METRICS_TOKEN = 'metrics-SECRET-token-0027';
  const MINUTE = 60_000;
  const T0 = Date.parse('2026-11-22T09:00:20.000Z');
  const world = useMovingParcel(T0);

  test('every series each query selects, with the labels it filters and groups by', async () => {
    const clock = new FakeClock(T0);
    const env = {
      METRICS_TOKEN,
      HANDOFF: 'botframework',
      NOTIFY_INTERVAL_MS: String(MINUTE),
      ORDER_NUMBER_PATTERN: 'ORD-\\d{4}',
    };
    const running = await startApp(configFor(world, env), { clock });
    try {
      const customer = (channelId: string) =>
        new TestChannel({ botUrl: running.url, mode: 'normal', connector: world.connector, locale: 'en', channelId });
      const web = customer('webchat');
      await web.say(DEMO.checkpoints.delivered);
      await web.say(DEMO.trackings.trackingNumbers.unknown);
      world.checkpoints.inject({ kind: 'status', status: 503 });
      await web.say(DEMO.checkpoints.delivered);
      const teams = customer('msteams');
      await teams.say(DEMO.checkpoints.moving);
      await teams.say('Notify me');
      world.parcel.time += 2 * MINUTE;
      await clock.sleep(2 * MINUTE);
      await running.app.updates.scheduler.runDue();
      await web.say('I want to talk to a human');

      const scrape = await fetch(`${running.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      }).then(answerOf);
      const samples = parsePrometheus(scrape.text);
      for (const expr of grafanaQueries) {
        const query = readPromQL(expr);
        for (const selector of query.selectors) {
          const found = samples.filter(
            (sample) =>
              sample.name === selector.series && selector.matchers.every((matcher) => passes(matcher, sample.labels)),
          );
          const missing = query.grouping.filter(
            (label) => label in labelsOf(selector.series) && !found.every((sample) => label in sample.labels),
          );
          expect({ expr, series: selector.series, found: found.length > 0, missing }).toEqual({
            expr,
            series: selector.series,
            found: true,
            missing: [],
          });
        }
      }
    } finally {
      await running.close();
    }
  });
});
