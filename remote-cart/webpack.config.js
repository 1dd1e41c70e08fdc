'use strict';
const { createAppConfig } = require('tooling');
const { devPortOf } = require('tooling/pageContract');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'cart',
  port: devPortOf('cart'),
  // The cart model: every page loads it (the shell, before its first render) for the badge,
  // the add-to-cart actions and the cart's sync.
  exposes: { './model': './src/model/cartModel.ts' },
  // The cart's pages: one file of their own, loaded when one is shown (tooling's `pages`).
  pages: {
    './CartPage': './src/CartPage.tsx',
    './OrderReceivedPage': './src/OrderReceivedPage.tsx',
  },
});
