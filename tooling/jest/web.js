'use strict';
const path = require('node:path');
const { swcTransform } = require('./swc');

/** Packages of the test set-up that ship only ES modules. */
const ESM_ONLY = ['rettime', 'until-async', '@open-draft/deferred-promise'];

/**
 * Jest settings shared by the browser packages: jsdom with Node's fetch, streams and encoders
 * (environment.js, as Mock Service Worker needs them), swc, styles and assets stubbed.
 * @param {string} dir the package folder
 * @returns {import('jest').Config}
 */
function webJestConfig(dir) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: path.join(__dirname, 'environment.js'),
    transform: {
      '^.+\\.tsx?$': swcTransform({ jsx: true }),
      [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.m?js$`]: swcTransform(),
    },
    // Mock Service Worker's own dependencies in ESM_ONLY ship only ES modules, which
    // Jest on Node 20 cannot require: they are compiled to CommonJS as the sources are
    // (mswjs/msw#2591, #2698).
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'styleStub.js'),
      '\\.(svg|png|jpe?g|webp)$': path.join(__dirname, 'fileStub.js'),
    },
    // Fake timers fake the clock, not the microtask queue: Mock Service Worker settles an
    // aborted request through queueMicrotask, and would answer it with a 500 instead.
    fakeTimers: { doNotFake: ['queueMicrotask'] },
    setupFilesAfterEnv: [path.join(__dirname, 'setupTests.js')],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  };
}

module.exports = { webJestConfig };
