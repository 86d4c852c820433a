/**
 * Keeps the token memory bench (docs/operating.md, "Memory") working: it starts the built service in
 * sandbox mode, sends token requests and reports what the service holds. At a tiny scale, asserting
 * that it measures and reports, never on the figures: CI machines are noisy.
 */
import { execFileSync } from 'node:child_process';

jest.setTimeout(120_000);

// dist/bench is built once for all tests by test/support/globalSetup.js.
test('the token memory bench serves every request and reports a row per setting', () => {
  const report = execFileSync(
    process.execPath,
    ['dist/bench/tokenMemory.js', '--requests', '40', '--options', '--max-semi-space-size=16'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const rows = report
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => /^\d+$/.test(cells[2] ?? ''));
  expect(rows.map((cells) => cells[1])).toEqual(['(none)', '--max-semi-space-size=16']);
  for (const cells of rows) {
    expect(cells[3]).toMatch(/^\d+, \d+, \d+, \d+$/);
    expect(cells[4]).toMatch(/^\d+ → \d+$/);
    expect(Number(cells[6])).toBeGreaterThan(Number(cells[2]) / 2);
  }
  // The young generation follows the setting: the bench reads it from the service itself.
  expect(Number(rows[1][5])).toBeLessThanOrEqual(32);
});
