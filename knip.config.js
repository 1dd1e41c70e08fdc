'use strict';
/**
 * knip, for `npm run check:unused` (a step of `npm test`), over the whole repository: no file, no
 * dependency of a workspace's package.json, no export and no exported type goes unused, and no
 * package imports or runs a package it does not list. What nothing uses goes; what is used is
 * listed by the package that uses it.
 *
 * Each workspace is read from what really starts its code, so that nothing live is reported: an
 * app's build (its webpack.config.js, through tooling/appModules.js: the page's entry, what a
 * remote exposes, its server renderers) and its tests; the gateway's src/main.ts, the worker it
 * loads by path and its tests; the sample backend's src/main.ts, its package entry and its tests;
 * the end-to-end tests and their support; tooling's files the other packages require or load by
 * path; shared-store's package exports (judged too: `includeEntryExports`) and its tests; the
 * root's scripts; the bench's scripts and its single bundle's config.
 *
 * Here shared-store's tests are users of its inner modules. That each export of its entries is
 * imported by two other packages, tests aside, is tooling/sharedEntryUsers.test.mjs's.
 */
const { appModules } = require('./tooling/appModules');
const { remoteNames } = require('./tooling/pageContract');

const APPS = ['shell', ...remoteNames().map((name) => `remote-${name}`)];

/** A package's tests (the helpers they share are what they import). */
const TESTS = ['src/**/*.test.{ts,tsx}'];

/** @type {import('knip').KnipConfig} */
module.exports = {
  // A name exported twice is deliberate here: a remote's exposed module has a default export for
  // the apps that load it through federation and a named one for its own code
  // (remote-cart/src/model/cartModel.ts), and a test line is exported under a second, wider type
  // (remote-cart/src/testSupport.ts).
  exclude: ['duplicates'],
  // Programs the tests and benchmarks start that no package installs: the system's.
  ignoreBinaries: ['redis-server', 'nginx'],
  workspaces: {
    '.': {
      // The scripts `npm run` starts, and the public entry's check (read by knip, not imported).
      entry: ['scripts/*.mjs'],
      project: ['scripts/**/*.{js,mjs,cjs}', '*.{js,mjs}'],
    },
    tooling: {
      entry: [
        'jest/*.js',
        'pageContract.js',
        'appModules.js',
        // Loaded by path: the remotes' container start (tooling/index.js), the dev servers' proxy
        // (whose exports gateway/src/proxy/devProxy.test.ts checks against the gateway's route
        // table).
        'federation/borrowBundlerRuntime.mjs',
        'devProxy.js',
        '**/*.test.mjs',
      ],
      // minimizer-webpack-plugin's lightningCssMinify requires it by name (tooling/index.js).
      ignoreDependencies: ['lightningcss'],
      project: ['**/*.{js,mjs,cjs,ts}'],
    },
    bench: {
      // The scripts `npm run bench…` start, and the single bundle's config, which
      // monolith.mjs hands to webpack by path (with the module it swaps in).
      entry: ['*.mjs', 'monolith/webpack.config.js', 'monolith/federation.monolith.ts'],
      project: ['**/*.{js,mjs,ts}'],
      webpack: false,
    },
    'shared-store': {
      // Its own tests, and a fixture run by path in a Jest of its own
      // (src/testing/unansweredRequest.test.ts).
      entry: [...TESTS, 'src/testing/fixtures/*.fixture.ts'],
      project: ['src/**/*.{ts,tsx}'],
      includeEntryExports: true,
      jest: false,
    },
    ...Object.fromEntries(
      APPS.map((app) => {
        const { entries, exposes } = appModules(app);
        return [
          app,
          {
            entry: ['webpack.config.js', ...entries, ...Object.values(exposes), ...TESTS],
            project: ['src/**/*.{ts,tsx}'],
            // The entries above are the build's, as tooling/appModules.js reads them.
            webpack: false,
          },
        ];
      }),
    ),
    gateway: {
      entry: [
        'src/main.ts',
        'src/**/*.test.ts',
        // Loaded by path: the renderers' worker (src/page/serverRender.ts), and what
        // scripts/size-budget.mjs reads from the gateway's build.
        'src/page/rendererWorker.cjs',
        'src/page/remoteHints.ts',
        'src/page/remotesConfig.ts',
      ],
      project: ['src/**/*.{ts,tsx,js,cjs,mjs}'],
    },
    'sample-backend': {
      entry: ['src/main.ts', 'src/**/*.test.ts'],
      project: ['src/**/*.{ts,tsx,js,cjs,mjs}'],
    },
    e2e: {
      entry: ['tests/**/*.ts', 'support/**/*.ts'],
      project: ['**/*.{ts,tsx,js,cjs,mjs}'],
    },
  },
};
