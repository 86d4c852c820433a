/**
 * Keeps `npm run bench` working: builds it and runs it at a tiny scale (a few seconds).
 * It asserts that the harness measures and reports, never on timings: CI machines are noisy.
 */
import { execFileSync } from 'node:child_process';

jest.setTimeout(180_000);

// dist/bench is built once for all tests by test/support/globalSetup.js.
test('the benchmark runs both bots and reports every measure', () => {
  const report = execFileSync(process.execPath, ['dist/bench/run.js', '--smoke'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const rows = (turn: string) =>
    report
      .split('\n')
      .map((line) => line.split('|').map((c) => c.trim()))
      .filter((cells) => /^\d+$/.test(cells[1] ?? '') && cells[2] === turn);
  const turns = [
    'echo',
    'echo after one upstream call',
    'lookup, upstream every turn',
    'echo (cached bot)',
    'a ready card instead of text',
    'echo with conversation state',
    'lookup without the dialog stack, cards only',
    'lookup without the dialog stack',
    'lookup, cached',
    'lookup, cached, telemetry on',
    'lookup, cached, telemetry off (its twin)',
    'lookup typed as text, cached',
    'core-bot shape: one waterfall step and a TextPrompt',
    'a guided turn: one waterfall step and a question',
  ];
  for (const turn of turns) expect(rows(turn)).toHaveLength(2);
  // What each turn sends: the echo one message; a lookup one message (cards and choices), a typing indicator only when it takes over half a second.
  const sent = Object.fromEntries(turns.map((turn) => [turn, rows(turn).map((cells) => `${cells[10]} ${cells[11]}`)]));
  const one = ['1.00 0.00', '1.00 0.00'];
  expect(sent).toEqual({
    echo: one,
    'echo after one upstream call': one,
    'lookup, upstream every turn': one,
    'echo (cached bot)': one,
    'a ready card instead of text': one,
    'echo with conversation state': one,
    'lookup without the dialog stack, cards only': one,
    'lookup without the dialog stack': ['2.00 0.00', '2.00 0.00'],
    'lookup, cached': one,
    'lookup, cached, telemetry on': one,
    'lookup, cached, telemetry off (its twin)': one,
    'lookup typed as text, cached': one,
    'core-bot shape: one waterfall step and a TextPrompt': one,
    'a guided turn: one waterfall step and a question': one,
  });
  // The split of a cached lookup's cost, at both concurrencies: the parts, then the real turn as data, typed and with telemetry on.
  expect(report).toMatch(/\| 1 \| [\d.]+( \| [\d.]+ \([\d.]+ ×\)){7} \|$/m);
  expect(report).toMatch(/\| 4 \| [\d.]+( \| [\d.]+ \([\d.]+ ×\)){7} \|$/m);
  // Every target of #28, at each level where it is per level; ratios taken within each round, with their range.
  const ratio = '[\\d.]+ × \\([\\d.]+ to [\\d.]+\\) \\| (yes|no) \\|';
  for (const level of [1, 4]) {
    for (const target of [
      'CPU of a cached lookup sent as data ≤ 1\\.3 × an echo with conversation state',
      'CPU of a cached lookup typed as text ≤ 1\\.5 × an echo with conversation state',
      'CPU of a cached lookup with telemetry on \\(metrics and every trace\\) ≤ 1\\.05 × the same on its twin with it off',
    ]) {
      expect(report).toMatch(new RegExp(`^\\| ${target} \\| ${level} \\| ${ratio}$`, 'm'));
    }
    expect(report).toMatch(
      new RegExp(
        `^\\| p99 of a cached lookup ≤ 1\\.3 × an echo with conversation state \\| ${level} \\| [\\d.]+ × \\([\\d.]+ against [\\d.]+ ms\\) \\| (yes|no) \\|$`,
        'm',
      ),
    );
    expect(report).toMatch(
      new RegExp(
        `^\\| \\(for comparison, #16's target was ≤ 1\\.3 ×\\) CPU of a guided turn × the core-bot shape \\| ${level} \\| [\\d.]+ × \\([\\d.]+ to [\\d.]+\\) \\| \\|$`,
        'm',
      ),
    );
  }
  // The smoke run's answers come within 5 ms: one message each, and never a typing indicator.
  expect(report).toMatch(
    /^\| \(check\) one message per answer, typing only after 500 ms \| all \| 1\.00 messages per answer over \d+ answers .*; 0 typing indicators \| yes \|$/m,
  );
  // The bot's measured starts read the compile cache its first, unmeasured start wrote on its way out (SIGTERM).
  expect(report).toMatch(
    /^\| cold start to ready ≤ 1\.15 × botbuilder's echo bot \(production configuration, 1 starts each; the bot's compile cache warm \(\d+ files, written by its first start, unmeasured, stopped with SIGTERM\)\) \| \| \d+ ms against \d+ ms: [\d.]+ × \([\d.]+ to [\d.]+\) \| (yes|no) \|$/m,
  );
  expect(report).toMatch(
    /^\| peak RSS ≤ 1\.15 × botbuilder's echo bot \| 4 \| \d+ MB against \d+ MB: [\d.]+ × \| (yes|no) \|$/m,
  );
  // The peak split: what each holds once ready (code and start), and what the load grew.
  expect(report).toMatch(
    /held once ready, before any turn: the echo bot \d+ MB, the bot \d+ MB \([\d.]+ ×\); grown under the load: the echo bot -?\d+ MB, the bot -?\d+ MB/,
  );
  expect(report).toMatch(
    /\| \(check\) at most 1 upstream call per distinct lookup per TTL \| all \| 0 call\(s\) for \d+ cached lookup turns/,
  );
  // Telemetry on means exporting: the stand-in collector received the bot's metrics.
  expect(report).toMatch(/^- Telemetry on: the stand-in collector received [1-9]\d* metric and \d+ trace exports/m);
  expect(report).toMatch(
    /Peak memory \(RSS\) of the bench's bot process over the whole run \(the real bot and the bench-only bots\): \d+ MB/,
  );
  // Rendering an answer: the demo answers on three channels and the 20 × 300 order, in µs per answer.
  for (const answer of [
    'demo answers, Web Chat',
    'demo answers, Teams',
    'demo answers, SMS',
    '20 parcels × 300 events, Web Chat',
    '20 parcels × 300 events, SMS',
  ]) {
    expect(report).toMatch(new RegExp(`^\\| ${answer} \\| \\d+ \\|$`, 'm'));
  }
  expect(report).toMatch(
    /Peak memory \(RSS\) at 4 conversations at once, each service in a fresh process of its own: the echo bot \d+ MB; the bot \(`node dist\/src\/index.js`\) answering cached lookups \d+ MB; the same with `--max-old-space-size=256` \d+ MB, at [\d.]+ × its CPU per turn/,
  );
  expect(report).toMatch(/Conversation state: \d+ conversations, median \d+ bytes/);
  expect(report).toMatch(/Largest activity sent: \d+ bytes/);
  // One customer toggling "Notify me" and "stop": the others' checks per second in each phase, measured, not asserted.
  for (const phase of ['alone', 'one customer toggling', 'after the toggling'])
    expect(report).toMatch(new RegExp(`^\\| ${phase} \\| \\d+ \\| \\d+ \\| [\\d.]+ \\|$`, 'm'));
  // Every uncached lookup turn, and every echo after an upstream call, made exactly one upstream call.
  for (const row of report
    .split('\n')
    .filter((line) => /\| (lookup, upstream every turn|echo after one upstream call) \|/.test(line))) {
    const cells = row.split('|').map((c) => c.trim());
    expect(cells[9]).toBe(cells[3]);
  }
});
