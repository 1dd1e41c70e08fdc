'use strict';
const { createAppConfig } = require('tooling');
const { devPortOf, remoteNames } = require('tooling/pageContract');

/**
 * In development every remote runs on its own dev server (see scripts/dev.mjs), named by the
 * shell's own host: the dev servers refuse a script or style asked for by a page of another site
 * (webpack-dev-server's cross-site check), and localhost and 127.0.0.1 are two sites.
 */
const DEV_REMOTES = Object.fromEntries(
  remoteNames().map((name) => [name, `http://localhost:${devPortOf(name)}/mf-manifest.json`]),
);

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  isHost: true,
  devServer: {
    setupMiddlewares: (middlewares, server) => {
      server.app.get('/remotes.json', (_req, res) => {
        res.set('Cache-Control', 'no-cache').json(DEV_REMOTES);
      });
      return middlewares;
    },
  },
});
