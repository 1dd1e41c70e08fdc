'use strict';
/**
 * knip, first half of `npm run check:unused`: every export of shared-store's public entry
 * (shared-store/src/index.ts) is imported by another package. The platform core exports what the
 * apps, the gateway and the end-to-end tests use, and nothing more: a name nobody imports goes, or
 * moves to the team that needs it. shared-store's own tests are not users, so this run reads the
 * repository as knip.config.js does but without them (the repository-wide run counts them, as they
 * use shared-store's inner modules), and judges only the public entry's exports.
 */
const repo = require('./knip.config');

const core = repo.workspaces['shared-store'];

/** @type {import('knip').KnipConfig} */
module.exports = {
  ...repo,
  include: ['exports', 'types', 'nsExports', 'nsTypes'],
  ignore: ['**/*', '!shared-store/src/index.ts'],
  workspaces: {
    ...repo.workspaces,
    // The root's Jest plugin would read shared-store's tests through jest.config.js's projects.
    '.': {
      ...repo.workspaces['.'],
      entry: repo.workspaces['.'].entry.filter(
        (pattern) => pattern !== 'knip.public-entry.config.js',
      ),
      jest: false,
    },
    'shared-store': {
      ...core,
      entry: core.entry.filter((pattern) => !pattern.includes('.test.')),
      project: [...core.project, '!src/**/*.test.{ts,tsx}'],
      // Neither the Jest plugin nor Playwright's (enabled by the root's @playwright/test, whose
      // default entries are every `*.test.*` file) takes them in.
      jest: false,
      playwright: false,
    },
  },
};
