/**
 * A start logs no error and no warning when nothing is wrong. Under restify 11, Node printed DEP0111
 * (process.binding) at every `npm start`; restify 12 no longer touches it, and Node's own warnings are
 * still routed to the log at warn level, once per kind, should a dependency bring one back.
 */
import { spawnSync } from 'node:child_process';
import { startService, stopAllServices } from '../support/serviceProcess';

jest.setTimeout(30_000);
afterAll(() => stopAllServices());

test('npm start in sandbox mode: no error line and no process warning, past the first request', async () => {
  const service = await startService({
    CHECKPOINTS_BASE_URL: '',
    TRACKINGS_BASE_URL: '',
    MicrosoftAppId: '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
  });
  // Past the start: a request, as the first customer's would be.
  await fetch(`${service.url}/healthz`);
  service.child.kill();
  await service.exited;
  const lines = service
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; warning?: { code?: string; name?: string } });
  expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  expect(
    lines.filter((line) => line.msg === 'process warning').map(({ warning }) => warning?.code ?? warning?.name),
  ).toEqual([]);
});

test('a warning a dependency brings back goes to the log at warn level, once per kind, and nothing to stderr', () => {
  // A process of its own: jest's sandboxed `process` does not receive the warnings Node emits.
  const script = `
    const { createLogger, routeConsoleTo } = require('./dist/src/log.js');
    routeConsoleTo(createLogger('info'));
    for (let i = 0; i < 3; i++) process.emitWarning('a library touched something old', { type: 'DeprecationWarning', code: 'DEP0999' });
    process.emitWarning('something else', 'ExperimentalWarning');`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  const lines = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number; msg: string; warning: object });
  expect(lines.map(({ level, msg, warning }) => ({ level, msg, warning }))).toEqual([
    {
      level: 40,
      msg: 'process warning',
      warning: { name: 'DeprecationWarning', code: 'DEP0999', message: 'a library touched something old' },
    },
    { level: 40, msg: 'process warning', warning: { name: 'ExperimentalWarning', message: 'something else' } },
  ]);
});
