'use strict';
const { createAppConfig, createServerConfig } = require('tooling');
const { devPortOf } = require('tooling/pageContract');

const app = createAppConfig({
  dir: __dirname,
  name: 'cart',
  port: devPortOf('cart'),
  // The cart model: every page loads it (the shell, before its first render) for the badge,
  // the add-to-cart actions and the cart's sync.
  // The mini-cart: its listener in the layout's `minicart` slot; its panel comes with the first add.
  exposes: { './model': './src/model/cartModel.ts', './MiniCart': './src/MiniCart.tsx' },
  // The cart's pages: one file of their own, loaded when one is shown (tooling's `pages`).
  pages: {
    './CartPage': './src/CartPage.tsx',
    './OrderReceivedPage': './src/OrderReceivedPage.tsx',
  },
});
// The first screen of /cart rendered on the server (`renderers`, named by the page contract's
// `serverRender`), deployed with the remote it belongs to (docs/ARCHITECTURE.md).
const server = createServerConfig({
  dir: __dirname,
  entries: { pages: './src/server/pages.tsx' },
});

/** @type {(env: Record<string, string>, argv: {mode?: string}) => unknown} */
module.exports = (env, argv) =>
  argv.mode === 'development' ? app(env, argv) : [app(env, argv), server(env, argv)];
