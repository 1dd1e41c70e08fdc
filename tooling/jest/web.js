'use strict';
const path = require('node:path');

/**
 * Jest settings shared by the browser packages: jsdom, ts-jest, styles and assets stubbed.
 * @param {string} dir the package folder
 * @returns {import('jest').Config}
 */
function webJestConfig(dir) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'jsdom',
    transform: {
      '^.+\\.tsx?$': [
        'ts-jest',
        {
          tsconfig: path.join(dir, 'tsconfig.json'),
          // The browser tsconfig emits ES modules for webpack; Jest runs CommonJS.
          diagnostics: { ignoreCodes: ['TS151001'] },
        },
      ],
    },
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'styleStub.js'),
      '\\.(svg|png|jpe?g|webp)$': path.join(__dirname, 'fileStub.js'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'setupTests.js')],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  };
}

module.exports = { webJestConfig };
