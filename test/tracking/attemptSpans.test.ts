/**
 * Each attempt at an interface is a span of its own that always ends: answered, refused, failed, or
 * abandoned when something outside HTTP throws while the retry is decided (here the clock). With traces off an
 * attempt carries no traceparent, and no span is started.
 */
import { DEMO } from '../../sandbox/simulators';
import {
  NO_SPAN,
  NO_TRACING,
  type Span,
  type SpanName,
  type SpanStart,
  type Tracing,
} from '../../src/telemetry/tracing';
import { TrackingsClient } from '../../src/tracking/trackings/client';
import { UpstreamHttp } from '../../src/tracking/upstream';
import { FakeClock } from '../support/fakeClock';
import { API_KEY, useSimulators } from '../support/upstreams';

const upstreams = useSimulators();
const byNumber = { inputType: 'tracking_number', identifier: DEMO.trackings.trackingNumbers.delivered } as const;
const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

/** A tracing port that records what each span went through. */
function recording(): Tracing & { spans: Array<{ name: SpanName; start: SpanStart; events: string[] }> } {
  const spans: Array<{ name: SpanName; start: SpanStart; events: string[] }> = [];
  return {
    spans,
    inSpan: (_name, _start, work) => work(NO_SPAN),
    current: () => undefined,
    start(name, start): Span {
      const events: string[] = [];
      spans.push({ name, start, events });
      return {
        set: (attributes) => events.push(`set ${JSON.stringify(attributes)}`),
        fail: (type) => events.push(`fail ${type}`),
        traceparent: () => TRACEPARENT,
        end: () => events.push('end'),
      };
    },
  };
}

test('a retried attempt and the last: two spans, both ended, the retry counted, the traceparent of each attempt on the wire', async () => {
  const tracing = recording();
  const client = new TrackingsClient(upstreams.trackings.url, new UpstreamHttp({ clock: new FakeClock(), tracing }));
  upstreams.trackings.inject({ kind: 'status', status: 503 });
  await client.listTrackings(byNumber, API_KEY);
  expect(
    tracing.spans.map((span) => [span.name, span.start.attributes?.['http.request.resend_count'], span.events.at(-1)]),
  ).toEqual([
    ['POST', undefined, 'end'],
    ['POST', 1, 'end'],
  ]);
  expect(tracing.spans[0].events).toContain('fail 503');
  expect(upstreams.trackings.requests.map((request) => request.headers.traceparent)).toEqual([
    TRACEPARENT,
    TRACEPARENT,
  ]);
});

test('something outside HTTP throws while the retry is decided (the clock): the attempt span still ends, failed by the error class', async () => {
  const tracing = recording();
  const clock = new FakeClock();
  const now = clock.now.bind(clock);
  let reads = 0;
  // The call's start reads the clock; the retry's decision, after the 503, is the read that throws.
  clock.now = () => {
    reads += 1;
    if (reads > 1) throw new RangeError('the clock broke');
    return now();
  };
  const client = new TrackingsClient(upstreams.trackings.url, new UpstreamHttp({ clock, tracing }));
  upstreams.trackings.inject({ kind: 'status', status: 503 });
  await expect(client.listTrackings(byNumber, API_KEY)).rejects.toThrow('the clock broke');
  expect(tracing.spans.map((span) => span.events)).toEqual([['fail RangeError', 'end']]);
});

test('traces off: no traceparent goes to the interface', async () => {
  const client = new TrackingsClient(
    upstreams.trackings.url,
    new UpstreamHttp({ clock: new FakeClock(), tracing: NO_TRACING }),
  );
  await client.listTrackings(byNumber, API_KEY);
  expect(upstreams.trackings.requests.map((request) => request.headers.traceparent)).toEqual([undefined]);
});
