'use strict';
const { createAppConfig } = require('tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'home',
  port: 3003,
  exposes: { './HomePage': './src/HomePage.tsx' },
});
