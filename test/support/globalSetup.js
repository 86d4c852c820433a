/**
 * Builds dist/ once before the tests: the service-process tests run `node dist/src/index.js` and the
 * bench smoke test runs dist/bench. One build, so that no two test files write dist/ at the same time.
 */
const { execFileSync } = require('node:child_process');

module.exports = async function globalSetup() {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.bench.json'], { stdio: 'inherit' });
};
