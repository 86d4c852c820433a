/**
 * A start logs no error when nothing is wrong: Node's warnings (restify 11 touches process.binding, DEP0111,
 * which Node printed through console.error as two error lines at every `npm start`) are one warn line per kind.
 */
import { startService, stopAllServices } from '../support/serviceProcess';

jest.setTimeout(30_000);
afterAll(() => stopAllServices());

test('npm start in sandbox mode: no error line, and DEP0111 once at warn level', async () => {
  const service = await startService({ CHECKPOINTS_BASE_URL: '', TRACKINGS_BASE_URL: '', MicrosoftAppId: '', NODE_ENV: 'development', LOG_LEVEL: 'info' });
  // Past the start: a request, as the first customer's would be.
  await fetch(`${service.url}/healthz`);
  service.child.kill();
  await service.exited;
  const lines = service.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; msg: string; warning?: { code?: string } });
  expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  expect(lines.filter((line) => line.warning?.code === 'DEP0111').map(({ level, msg }) => ({ level, msg }))).toEqual([{ level: 40, msg: 'process warning' }]);
});
