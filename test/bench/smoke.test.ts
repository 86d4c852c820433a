/**
 * Keeps `npm run bench` working: builds it and runs it at a tiny scale (a few seconds).
 * It asserts that the harness measures and reports, never on timings: CI machines are noisy.
 */
import { execFileSync } from 'node:child_process';

jest.setTimeout(180_000);

// dist/bench is built once for all tests by test/support/globalSetup.js.
test('the benchmark runs both bots and reports every measure', () => {
  const report = execFileSync(process.execPath, ['dist/bench/run.js', '--smoke'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const rows = (turn: string) =>
    report
      .split('\n')
      .map((line) => line.split('|').map((c) => c.trim()))
      .filter((cells) => /^\d+$/.test(cells[1] ?? '') && cells[2] === turn);
  const turns = ['echo', 'echo after one upstream call', 'lookup, upstream every turn', 'echo (cached bot)', 'a ready card instead of text', 'echo with conversation state', 'lookup without the dialog stack, cards only', 'lookup without the dialog stack', 'lookup, cached', 'lookup typed as text, cached'];
  for (const turn of turns) expect(rows(turn)).toHaveLength(2);
  // What each turn sends: the echo one message; a lookup one message (cards and choices), a typing indicator only when it takes over half a second.
  const sent = Object.fromEntries(turns.map((turn) => [turn, rows(turn).map((cells) => cells[10])]));
  expect(sent).toEqual({
    echo: ['1.0', '1.0'],
    'echo after one upstream call': ['1.0', '1.0'],
    'lookup, upstream every turn': ['1.0', '1.0'],
    'echo (cached bot)': ['1.0', '1.0'],
    'a ready card instead of text': ['1.0', '1.0'],
    'echo with conversation state': ['1.0', '1.0'],
    'lookup without the dialog stack, cards only': ['1.0', '1.0'],
    'lookup without the dialog stack': ['2.0', '2.0'],
    'lookup, cached': ['1.0', '1.0'],
    'lookup typed as text, cached': ['1.0', '1.0'],
  });
  // The split of a cached lookup's cost, at both concurrencies.
  expect(report).toMatch(/\| 1 \| [\d.]+( \| [\d.]+ \([\d.]+ ×\)){5} \|$/m);
  expect(report).toMatch(/\| 4 \| [\d.]+( \| [\d.]+ \([\d.]+ ×\)){5} \|$/m);
  // Ratios are taken within each round, with their range over the rounds.
  expect(report).toMatch(/\| CPU of a lookup turn ≤ 1\.5 × an echo turn \(4 at once\) \| [\d.]+ × \([\d.]+ to [\d.]+\) cached/);
  expect(report).toMatch(/\| at most 1 upstream call per distinct lookup per TTL \| 0 call\(s\) for \d+ cached lookup turns/);
  expect(report).toMatch(/Peak memory \(RSS\) of the bot process over the whole run: \d+ MB/);
  // Rendering an answer: the demo answers on three channels and the 20 × 300 order, in µs per answer.
  for (const answer of ['demo answers, Web Chat', 'demo answers, Teams', 'demo answers, SMS', '20 parcels × 300 events, Web Chat', '20 parcels × 300 events, SMS']) {
    expect(report).toMatch(new RegExp(`^\\| ${answer} \\| \\d+ \\|$`, 'm'));
  }
  expect(report).toMatch(/Peak memory \(RSS\) at 4 conversations at once, each bot in a fresh process: the echo bot \d+ MB; the bot answering cached lookups \d+ MB; the same with `--max-old-space-size=256` \d+ MB, at [\d.]+ × \([\d.]+ to [\d.]+\) the CPU per turn/);
  expect(report).toMatch(/\| \(for comparison\) CPU of a cached lookup typed as text \(4 at once\) \| [\d.]+ × \([\d.]+ to [\d.]+\) \|/);
  expect(report).toMatch(/Conversation state: \d+ conversations, median \d+ bytes/);
  expect(report).toMatch(/Largest activity sent: \d+ bytes/);
  // Every uncached lookup turn, and every echo after an upstream call, made exactly one upstream call.
  for (const row of report.split('\n').filter((line) => /\| (lookup, upstream every turn|echo after one upstream call) \|/.test(line))) {
    const cells = row.split('|').map((c) => c.trim());
    expect(cells[9]).toBe(cells[3]);
  }
});
