'use strict';
const { createAppConfig } = require('tooling');

/** In development every remote runs on its own dev server (see scripts/dev.mjs). */
const DEV_REMOTES = {
  header: 'http://127.0.0.1:3001/mf-manifest.json',
  footer: 'http://127.0.0.1:3002/mf-manifest.json',
  home: 'http://127.0.0.1:3003/mf-manifest.json',
  cart: 'http://127.0.0.1:3004/mf-manifest.json',
};

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
