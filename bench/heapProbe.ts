/**
 * Loaded into a service with `node --expose-gc --require dist/bench/heapProbe.js`: on SIGUSR2 it
 * collects garbage and appends one line of JSON to $HEAP_PROBE_FILE: what the process holds once the
 * garbage is gone (RSS, V8 heap used and reserved, the young generation's size), its peak RSS so far
 * and its CPU time. So a bench can ask a running service what it keeps, from outside.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('heapProbe needs node --expose-gc');
  gc();
  gc();
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
  const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  const cpu = process.cpuUsage();
  const line = {
    rssMb: mb(rss),
    heapUsedMb: mb(heapUsed),
    heapTotalMb: mb(heapTotal),
    newSpaceMb: mb(newSpace),
    peakRssMb: Math.round(peakKb / 1024),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
  appendFileSync(process.env.HEAP_PROBE_FILE!, `${JSON.stringify(line)}\n`);
});
