/** One Jest run over every package's own configuration. */
/** @type {import('jest').Config} */
module.exports = {
  collectCoverageFrom: [
    '<rootDir>/shared-store/src/**/*.{ts,tsx}',
    '!<rootDir>/shared-store/src/**/*.test.{ts,tsx}',
    '!<rootDir>/shared-store/src/testing/**',
    '!<rootDir>/shared-store/src/index.ts',
    '!<rootDir>/shared-store/src/server.ts',
  ],
  coverageReporters: ['text-summary'],
  coverageDirectory: '<rootDir>/.reports/coverage',
  // shared-store is the contract every remote relies on.
  coverageThreshold: { './shared-store/src/': { lines: 95 } },
  // A test waits for what it awaits, never for the clock: the limit only ends a test that hangs,
  // and holds on a two-core machine that is also type-checking and linting.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/shared-store',
    '<rootDir>/shell',
    '<rootDir>/remote-header',
    '<rootDir>/remote-footer',
    '<rootDir>/remote-home',
    '<rootDir>/remote-cart',
    '<rootDir>/sample-backend',
    '<rootDir>/gateway',
  ],
};
