'use strict';
const { createAppConfig } = require('tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'header',
  port: 3001,
  exposes: { './Header': './src/Header.tsx' },
});
