/** @type {import('jest').Config} */
module.exports = {
  displayName: 'sample-backend',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
