/**
 * A Grafana panel's PromQL, read with Prometheus' own grammar (@prometheus-io/lezer-promql): what does not
 * parse, which series it selects with which label matchers, and which labels it groups by. Grafana's
 * range variables are filled in first, as Grafana does before Prometheus sees the query.
 */
import { parser } from '@prometheus-io/lezer-promql';

export interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}

export interface Selector {
  /** The series name as written: for a histogram, with its `_bucket`, `_sum` or `_count`. */
  series: string;
  matchers: Matcher[];
}

export interface PromQuery {
  /** Where the grammar could not read the query; empty for a query Prometheus accepts. */
  errors: string[];
  selectors: Selector[];
  /** The labels of every `by (…)` or `without (…)`. */
  grouping: string[];
}

/** Example values of Grafana's built-in range variables; any duration reads the same. */
const GRAFANA_RANGES: Record<string, string> = { $__rate_interval: '5m', $__range: '1d', $__interval: '1m' };

export function readPromQL(expr: string): PromQuery {
  const text = expr.replace(/\$__(rate_interval|range|interval)\b/g, (variable) => GRAFANA_RANGES[variable]);
  const query: PromQuery = { errors: [], selectors: [], grouping: [] };
  parser.parse(text).iterate({
    enter(ref) {
      const node = ref.node;
      const source = (from = node.from, to = node.to) => text.slice(from, to);
      if (node.type.isError) query.errors.push(`cannot read "${source(node.from, node.from + 24)}" at ${node.from} of ${text}`);
      if (node.name === 'GroupingLabels') query.grouping.push(...node.getChildren('LabelName').map((label) => source(label.from, label.to)));
      if (node.name !== 'VectorSelector') return;
      const name = node.getChild('Identifier');
      if (!name) query.errors.push(`a selector without a metric name in ${text}`);
      const matchers = node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? [];
      query.selectors.push({
        series: name ? source(name.from, name.to) : '',
        matchers: matchers.map((matcher) => {
          const part = (type: string) => {
            const child = matcher.getChild(type);
            return child ? source(child.from, child.to) : '';
          };
          return { label: part('LabelName'), op: part('MatchOp') as Matcher['op'], value: JSON.parse(part('StringLiteral')) as string };
        }),
      });
    },
  });
  return query;
}

/** Whether a series' labels pass a matcher; a Grafana variable (`$channel`) stands for any value. */
export function passes(matcher: Matcher, labels: Record<string, string>): boolean {
  const value = labels[matcher.label] ?? '';
  const pattern = new RegExp(`^(?:${matcher.value.replace(/\$\w+/g, '.*')})$`);
  if (matcher.op === '=') return value === matcher.value;
  if (matcher.op === '!=') return value !== matcher.value;
  return pattern.test(value) === (matcher.op === '=~');
}

/** The label values a matcher names: one for `=`, each alternative of a `=~` such as "sent|blocked"; none for a Grafana variable. */
export function namedValues(matcher: Matcher): string[] {
  if (matcher.value.includes('$')) return [];
  return matcher.op.endsWith('~') ? matcher.value.split('|') : [matcher.value];
}
