/**
 * Builds dist/ once before the tests, as `npm run build` does (tsc, then the copy of the files the chat
 * widget serves), with the benchmark too: the service-process tests run `node dist/src/index.js`, the
 * deployment test copies dist/, and the bench smoke test runs dist/bench. One build, so that no two test
 * files write dist/ at the same time.
 */
const { execFileSync } = require('node:child_process');
const { rmSync } = require('node:fs');

module.exports = async function globalSetup() {
  // From nothing, as `npm run build` does: tsc removes no output of a source that has gone (test/startup/cleanBuild.test.ts).
  rmSync('dist', { recursive: true, force: true });
  execFileSync('npx', ['tsc', '-p', 'tsconfig.bench.json'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['dist/src/webchat/copyServedFiles.js'], { stdio: 'inherit' });
};
