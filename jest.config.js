/** Type checking runs once in `npm run typecheck`; jest only transpiles, which keeps the suite fast on 2 cores. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
  globalSetup: '<rootDir>/test/support/globalSetup.js',
  setupFiles: ['<rootDir>/test/support/offline.js'],
  reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
  testTimeout: 20000,
};
