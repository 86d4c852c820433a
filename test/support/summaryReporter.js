/**
 * Ends every jest run with the plain line CI counts: "N passed, N failed" (", N skipped" when any).
 * CI does not read jest's own summary. The line also goes to test-output/summary.txt,
 * so that .ci/run can print it last, after everything jest writes.
 */
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.file = path.join(globalConfig.rootDir, 'test-output', 'summary.txt');
  }
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    // A suite that fails to load has no failed test of its own; count it, so the line cannot look green.
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const line = `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, `${line}\n`);
    process.stderr.write(`\n${line}\n`);
  }
}
module.exports = SummaryReporter;
