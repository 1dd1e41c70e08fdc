/** @type {import('jest').Config} */
module.exports = {
  displayName: 'gateway',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
