const { swcTransform } = require('tooling/jest/swc');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'gateway',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform() },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // shared-store's sources, not its build: the unit tests run before anything is built.
  moduleNameMapper: { '^shared-store/server$': '<rootDir>/../shared-store/src/server.ts' },
};
