'use strict';
const { createAppConfig, createServerConfig } = require('tooling');
const { devPortOf, remoteNames } = require('tooling/pageContract');

/**
 * In development every remote runs on its own dev server (see scripts/dev.mjs), named by the
 * shell's own host: the dev servers refuse a script or style asked for by a page of another site
 * (webpack-dev-server's cross-site check), and localhost and 127.0.0.1 are two sites.
 */
const DEV_REMOTES = Object.fromEntries(
  remoteNames().map((name) => [name, `http://localhost:${devPortOf(name)}/mf-manifest.json`]),
);

const app = createAppConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  isHost: true,
  // The site's reads several pages use: one file the pages share (tooling's pageShared group).
  pageShared: ['src/pages/reads'],
  devServer: {
    setupMiddlewares: (middlewares, server) => {
      server.app.get('/remotes.json', (_req, res) => {
        res.set('Cache-Control', 'no-cache').json(DEV_REMOTES);
      });
      return middlewares;
    },
  },
});
// The first screens of the shell's own pages rendered on the server (`renderers`, named by the
// page contract's `serverRender`), which the gateway serving the shell runs (docs/ARCHITECTURE.md).
const server = createServerConfig({
  dir: __dirname,
  entries: { pages: './src/server/pages.tsx' },
});

/** @type {(env: Record<string, string>, argv: {mode?: string}) => unknown} */
module.exports = (env, argv) =>
  argv.mode === 'development' ? app(env, argv) : [app(env, argv), server(env, argv)];
