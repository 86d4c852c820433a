/**
 * The metrics an operator reads about are the ones the service records: docs/operating.md's table names
 * every metric of the catalog, with its labels, and no other; each name is one Prometheus accepts as it is.
 */
import { readFileSync } from 'node:fs';
import { METRICS } from '../../src/telemetry/catalog';

const rows = [...readFileSync('docs/operating.md', 'utf8').matchAll(/^\| (bot_[a-z_]+) \|([a-z, ]*)\|/gm)].map(
  (row) => ({ name: row[1], labels: row[2].trim() }),
);

test("docs/operating.md lists exactly the catalog's metrics, each with its labels", () => {
  const catalog = Object.entries(METRICS).map(([name, spec]) => ({
    name,
    labels: Object.keys(spec.labels).join(', '),
  }));
  expect(rows).toEqual(catalog);
});

test('every name is a Prometheus name as it is: counters end in _total, durations in _seconds', () => {
  for (const [name, spec] of Object.entries(METRICS)) {
    expect(name).toMatch(/^bot_[a-z_]+$/);
    if (spec.kind === 'counter') expect(name).toMatch(/_total$/);
    if (spec.kind === 'histogram') expect(name).toMatch(/_seconds$/);
  }
});
