'use strict';
const { createAppConfig } = require('tooling');
const { devPortOf } = require('tooling/pageContract');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'cart',
  port: devPortOf('cart'),
  exposes: { './CartPage': './src/CartPage.tsx' },
});
