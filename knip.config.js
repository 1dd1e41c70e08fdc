'use strict';
/**
 * knip, for `npm run check:exports` (a step of `npm test`): every export of shared-store's public
 * entry (shared-store/src/index.ts) is imported by another package. The platform core exports what
 * the apps, the gateway and the end-to-end tests use, and nothing more: a name nobody imports goes,
 * or moves to the team that needs it. shared-store's own tests are not users.
 *
 * An app's users of the core are the files its build starts from (its webpack.config.js, through
 * tooling/appModules.js: the page's entry, what a remote exposes, its server renderers), what
 * those import, and its tests. The gateway, the sample backend and the end-to-end tests are read
 * whole.
 */
const { appModules } = require('./tooling/appModules');
const { remoteNames } = require('./tooling/pageContract');

const APPS = ['shell', ...remoteNames().map((name) => `remote-${name}`)];

/** An app's tests (the helpers they share are what they import). */
const TESTS = ['src/**/*.test.{ts,tsx}'];

/** @type {import('knip').KnipConfig} */
module.exports = {
  include: ['exports', 'types', 'nsExports', 'nsTypes'],
  // Only the public entry's exports are judged here; the rest of the code is read for its imports.
  ignore: ['**/*', '!shared-store/src/index.ts'],
  workspaces: {
    'shared-store': {
      // Its entries are the package's exports (package.json): the public entry and the test helpers.
      entry: [],
      project: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'],
      includeEntryExports: true,
      jest: false,
    },
    ...Object.fromEntries(
      APPS.map((app) => {
        const { entries, exposes } = appModules(app);
        return [
          app,
          {
            entry: [...entries, ...Object.values(exposes), ...TESTS],
            project: ['src/**/*.{ts,tsx}'],
          },
        ];
      }),
    ),
    ...Object.fromEntries(
      ['gateway', 'sample-backend', 'e2e'].map((pkg) => [
        pkg,
        { entry: ['**/*.{ts,tsx,js,cjs,mjs}'], project: ['**/*.{ts,tsx,js,cjs,mjs}'] },
      ]),
    ),
  },
};
