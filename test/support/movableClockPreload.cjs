/**
 * The test's clock inside a child process (the service, Azurite), preloaded with `--require` (see
 * movableClock.ts): Date runs the number of milliseconds in MOVABLE_CLOCK_FILE ahead of real time. On
 * SIGUSR2 the process reads that number again. With MOVABLE_CLOCK_TIMERS=1, SIGWINCH then runs at once
 * every setTimeout whose time has come on the moved clock, as if that time had passed (a scheduler's
 * nap, a sweep's). Each signal is answered in `<file>.<pid>`, so the test goes on only once every
 * process has moved.
 */
'use strict';
const fs = require('node:fs');
const util = require('node:util');

const file = process.env.MOVABLE_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now;
  let offset = 0;
  const now = () => realNow() + offset;
  const read = () => (offset = Number(fs.readFileSync(file, 'utf8')) || 0);
  const answer = (what) => fs.writeFileSync(`${file}.${process.pid}`, `${what} ${offset}`);
  read();

  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
  process.on('SIGUSR2', () => {
    read();
    answer('moved');
  });

  if (process.env.MOVABLE_CLOCK_TIMERS === '1') {
    const realSetTimeout = globalThis.setTimeout;
    const realClearTimeout = globalThis.clearTimeout;
    /** Pending timers: when each is due on the moved clock, and its callback. */
    const pending = new Map();
    const setTimeout = function (callback, ms, ...args) {
      if (typeof callback !== 'function') return realSetTimeout(callback, ms, ...args);
      const run = () => {
        pending.delete(handle);
        callback(...args);
      };
      const handle = realSetTimeout(run, ms);
      pending.set(handle, { at: now() + Math.max(1, Number(ms) || 0), run });
      return handle;
    };
    setTimeout[util.promisify.custom] = realSetTimeout[util.promisify.custom];
    globalThis.setTimeout = setTimeout;
    globalThis.clearTimeout = function (handle) {
      pending.delete(handle);
      return realClearTimeout(handle);
    };
    process.on('SIGWINCH', () => {
      const due = [...pending].filter(([handle, timer]) => timer.at <= now() && !handle._destroyed);
      for (const [handle, timer] of due) {
        realClearTimeout(handle);
        setImmediate(timer.run);
      }
      answer('ran');
    });
  }
}
