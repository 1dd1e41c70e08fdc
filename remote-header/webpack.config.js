'use strict';
const { createAppConfig } = require('tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'header',
  port: 3001,
  exposes: {
    './PromoBanner': './src/PromoBanner.tsx',
    './Header': './src/Header.tsx',
    './TrustStrip': './src/TrustStrip.tsx',
  },
});
