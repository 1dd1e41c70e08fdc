'use strict';
const { createAppConfig } = require('tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'cart',
  port: 3004,
  exposes: { './CartPage': './src/CartPage.tsx' },
});
