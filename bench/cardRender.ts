/**
 * What rendering an answer costs: the sandbox's demo answers (as the simulators give them, in six
 * languages) and an order of 20 parcels with 300 events each, on Web Chat (cards), Teams (cards) and
 * SMS (text). Rendering is pure, so it is timed in this process, in interleaved rounds.
 *
 *   node dist/bench/cardRender.js                       this code
 *   node dist/bench/cardRender.js --against <dir>      this code beside another build of it (e.g. a worktree
 *                                                       of an earlier commit, built with tsc -p tsconfig.build.json):
 *                                                       both timed in the same rounds, so their ratio is fair
 */
import path from 'node:path';
import { DEMO } from '../sandbox/simulators';
import type { CardContext } from '../src/cards';
import { CheckpointsClient } from '../src/tracking/checkpoints/client';
import { ShipmentLookup, type LookupRequest } from '../src/tracking/lookup';
import type { Shipment } from '../src/tracking/shipment';
import { TrackingsClient } from '../src/tracking/trackings/client';
import { UpstreamHttp } from '../src/tracking/upstream';
import { median } from './load';
import { startUpstreams } from './world';

/** A build's card code: what the timing needs of it. */
export interface CardCode {
  name: string;
  render(shipments: Shipment[], context: CardContext): unknown;
  translate(locale: string): CardContext['t'];
}

export interface RenderCase {
  name: string;
  answers: Array<{ shipments: Shipment[]; locale: string }>;
  channel: string;
}

export interface RenderTimes {
  /** Per code, per case: the median over rounds of the mean time of one answer, in µs. */
  micros: Record<string, Record<string, number>>;
  /** Per case: the median over rounds of (code 2 ÷ code 1), when two codes were timed. */
  ratios: Record<string, { median: number; low: number; high: number }>;
}

const LOCALES = ['en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL'];

/** Each round renders every case with every code once, codes alternating first, and keeps per-answer means. */
export function timeRendering(
  codes: CardCode[],
  cases: RenderCase[],
  rounds: number,
  minMillisPerSample: number,
): RenderTimes {
  const samples: Record<string, Record<string, number[]>> = Object.fromEntries(
    codes.map((code) => [code.name, Object.fromEntries(cases.map((c) => [c.name, [] as number[]]))]),
  );
  const contexts = new Map(
    codes.map((code) => [code.name, new Map(LOCALES.map((locale) => [locale, code.translate(locale)]))]),
  );
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...codes].reverse() : codes;
    for (const renderCase of cases) {
      for (const code of order) {
        const t = contexts.get(code.name)!;
        const once = () => {
          for (const { shipments, locale } of renderCase.answers)
            code.render(shipments, {
              t: t.get(locale)!,
              locale,
              timeZone: 'Europe/Berlin',
              customerTimeZone: true,
              channel: renderCase.channel,
            });
        };
        once(); // warm this code on this case
        let answers = 0;
        const start = process.hrtime.bigint();
        let elapsed = 0;
        while (elapsed < minMillisPerSample * 1e6) {
          once();
          answers += renderCase.answers.length;
          elapsed = Number(process.hrtime.bigint() - start);
        }
        samples[code.name][renderCase.name].push(elapsed / 1e3 / answers);
      }
    }
  }
  const micros = Object.fromEntries(
    codes.map((code) => [
      code.name,
      Object.fromEntries(cases.map((c) => [c.name, median(samples[code.name][c.name])])),
    ]),
  );
  const ratios: RenderTimes['ratios'] = {};
  if (codes.length === 2) {
    for (const c of cases) {
      const perRound = samples[codes[1].name][c.name].map((value, i) => value / samples[codes[0].name][c.name][i]);
      ratios[c.name] = { median: median(perRound), low: Math.min(...perRound), high: Math.max(...perRound) };
    }
  }
  return { micros, ratios };
}

/** The demo answers as the simulators give them, in every language, and the 20 × 300 order. */
export async function renderCases(): Promise<RenderCase[]> {
  const upstreams = await startUpstreams(0);
  try {
    const http = new UpstreamHttp({});
    const lookup = new ShipmentLookup({
      checkpoints: {
        client: new CheckpointsClient(upstreams.checkpoints.url, http),
        credentials: { userId: upstreams.userId, token: upstreams.token },
      },
      trackings: { client: new TrackingsClient(upstreams.trackings.url, http), apiKey: upstreams.apiKey },
    });
    const requests: LookupRequest[] = [
      ...Object.values(DEMO.checkpoints).map((identifier): LookupRequest => ({ kind: 'order_number', identifier })),
      ...Object.values(DEMO.trackings.trackingNumbers).map((identifier): LookupRequest => ({
        kind: 'tracking_number',
        identifier,
      })),
      ...Object.values(DEMO.trackings.orderIds).map((identifier): LookupRequest => ({ kind: 'order_id', identifier })),
    ];
    const demo: RenderCase['answers'] = [];
    for (const locale of LOCALES) {
      for (const request of requests) {
        const shipments = await lookup.find(request, locale).catch(() => []);
        if (shipments.length) demo.push({ shipments, locale });
      }
    }
    const big = LOCALES.map((locale) => ({ shipments: bigOrder(20, 300), locale }));
    return [
      { name: 'demo answers, Web Chat', answers: demo, channel: 'webchat' },
      { name: 'demo answers, Teams', answers: demo, channel: 'msteams' },
      { name: 'demo answers, SMS', answers: demo, channel: 'sms' },
      { name: '20 parcels × 300 events, Web Chat', answers: big, channel: 'webchat' },
      { name: '20 parcels × 300 events, SMS', answers: big, channel: 'sms' },
    ];
  } finally {
    await Promise.all([upstreams.checkpoints.close(), upstreams.trackings.close()]);
  }
}

/** An order of `count` parcels, each with `events` checkpoints of long German text at changing places. */
export function bigOrder(count: number, events: number): Shipment[] {
  const text =
    'Paket im Paketzentrum bearbeitet, Weitertransport zur Zustellbasis; Ihre Sendung wird voraussichtlich am nächsten Werktag zugestellt.';
  return Array.from({ length: count }, (_, parcel) => ({
    id: `big-${parcel}`,
    trackingNumber: `00340434161094${String(parcel).padStart(6, '0')}`,
    carrier: {
      code: 'dhl-germany',
      name: 'DHL',
      trackingUrl: `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094${parcel}`,
    },
    status: { category: 'in_transit', label: 'In Zustellung', details: text },
    delayed: parcel % 3 === 0,
    exception: parcel % 5 === 0,
    localizedTexts: true,
    updatedAt: '2026-11-18T08:30:00.000Z',
    events: Array.from({ length: events }, (_, i) => ({
      at: new Date(Date.UTC(2026, 9, 1) + i * 3_600_000).toISOString(),
      category: 'in_transit' as const,
      text: `Unterwegs ${i % 7}`,
      details: text,
      location: `Paketzentrum ${i % 11}`,
    })),
  }));
}

/** A build of the project (its dist/) as card code. */
export function cardCodeAt(distRoot: string, name: string): CardCode {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build's dist/, named at run time
  const cards = require(path.join(distRoot, 'src/cards/index.js')) as typeof import('../src/cards');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build's dist/, named at run time
  const { Translator } = require(path.join(distRoot, 'src/i18n.js')) as typeof import('../src/i18n');
  const translator = new Translator('en');
  return { name, render: cards.renderShipments, translate: (locale) => translator.localize(locale).t };
}

export function renderReport(times: RenderTimes, codes: CardCode[]): string {
  const lines = [
    '| answer | ' +
      codes.map((code) => `${code.name}, µs per answer`).join(' | ') +
      (codes.length === 2 ? ` | ${codes[1].name} ÷ ${codes[0].name} (range over rounds)` : '') +
      ' |',
  ];
  lines.push('| --- |' + codes.map(() => ' ---: |').join('') + (codes.length === 2 ? ' ---: |' : ''));
  for (const name of Object.keys(times.micros[codes[0].name])) {
    const cells = codes.map((code) => times.micros[code.name][name].toFixed(0));
    const ratio = times.ratios[name];
    lines.push(
      `| ${name} | ${cells.join(' | ')}${ratio ? ` | ${ratio.median.toFixed(2)} (${ratio.low.toFixed(2)} to ${ratio.high.toFixed(2)})` : ''} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const against = process.argv.indexOf('--against');
  const smoke = process.argv.includes('--smoke');
  const here = path.resolve(__dirname, '..');
  const codes = [
    ...(against > 0 ? [cardCodeAt(path.resolve(process.argv[against + 1]), 'before')] : []),
    cardCodeAt(here, against > 0 ? 'after' : 'this code'),
  ];
  const cases = await renderCases();
  const times = timeRendering(codes, cases, smoke ? 1 : 7, smoke ? 5 : 400);
  process.stdout.write(`${renderReport(times, codes)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
