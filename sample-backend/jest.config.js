const { swcTransform } = require('tooling/jest/swc');

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'sample-backend',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform() },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
