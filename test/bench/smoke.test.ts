/**
 * Keeps `npm run bench` working: builds it and runs it at a tiny scale (a few seconds).
 * It asserts that the harness measures and reports, never on timings: CI machines are noisy.
 */
import { execFileSync } from 'node:child_process';

jest.setTimeout(180_000);

// dist/bench is built once for all tests by test/support/globalSetup.js.
test('the benchmark runs both bots and reports every measure', () => {
  const report = execFileSync(process.execPath, ['dist/bench/run.js', '--smoke'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  for (const turn of ['echo', 'lookup, upstream every turn', 'echo (cached bot)', 'lookup, cached']) expect(report).toContain(`| ${turn} |`);
  expect(report).toMatch(/\| at most 1 upstream call per distinct lookup per TTL \| 0 call\(s\) for \d+ cached lookup turns/);
  expect(report).toMatch(/Peak memory \(RSS\) of the bot process: \d+ MB/);
  expect(report).toMatch(/Conversation state: \d+ conversations, median \d+ bytes/);
  expect(report).toMatch(/Largest activity sent: \d+ bytes/);
  // Every uncached lookup turn made exactly one upstream call.
  for (const row of report.split('\n').filter((line) => line.includes('| lookup, upstream every turn |'))) {
    const cells = row.split('|').map((c) => c.trim());
    expect(cells[9]).toBe(cells[3]);
  }
});
