'use strict';
/**
 * What each app builds from its sources, as its webpack.config.js tells createAppConfig and
 * createServerConfig (tooling/index.js): the modules a remote exposes to the other apps
 * (`exposes` and `pages`, keyed `./CartPage`), the page's entry, and the server renderers'
 * entries. The lint rule that lets an app reach another team only through what it exposes, and the
 * unused-export check's entry files, read them here: an exposed module is declared once, in the
 * remote's webpack.config.js.
 */
const path = require('node:path');

/**
 * @typedef {object} AppModules
 * @property {string} [name] the federation name (`cart`): a remote's modules are `cart/CartPage`
 * @property {Record<string, string>} exposes exposed request -> source file, relative to the app
 * @property {string[]} entries the app's own entry files (the page, server renderers), relative
 */

/** @type {Map<string, AppModules>} by the app's folder */
const declared = new Map();

/** @param {string} dir */
function declaration(dir) {
  const key = path.resolve(dir);
  let app = declared.get(key);
  if (!app) {
    app = { exposes: {}, entries: [] };
    declared.set(key, app);
  }
  return app;
}

/**
 * Called by createAppConfig: the app in `dir` is federated as `name`, exposes `exposes` and is
 * started from `entry` (a remote's page when opened alone, the shell's page).
 * @param {string} dir
 * @param {{ name: string, exposes: Record<string, string>, entry: string }} app
 */
function declareApp(dir, { name, exposes, entry }) {
  const app = declaration(dir);
  app.name = name;
  Object.assign(app.exposes, exposes);
  app.entries.push(entry);
}

/**
 * Called by createServerConfig: the app in `dir` also builds these server renderers.
 * @param {string} dir
 * @param {Record<string, string>} entries name -> source file, relative to the app
 */
function declareServerEntries(dir, entries) {
  declaration(dir).entries.push(...Object.values(entries));
}

/**
 * The app in `dir` as its webpack.config.js declares it (loading the config declares it; nothing
 * is built).
 * @param {string} dir
 * @returns {AppModules}
 */
function appModules(dir) {
  require(path.join(path.resolve(dir), 'webpack.config.js'));
  return declaration(dir);
}

/**
 * The federation ids a remote exposes to the other apps (`cart/CartPage`).
 * @param {string} dir
 * @returns {string[]}
 */
function exposedIds(dir) {
  const { name, exposes } = appModules(dir);
  if (!name) throw new Error(`${dir}/webpack.config.js does not call createAppConfig.`);
  return Object.keys(exposes).map((request) => `${name}/${request.replace(/^\.\//, '')}`);
}

module.exports = { appModules, declareApp, declareServerEntries, exposedIds };
