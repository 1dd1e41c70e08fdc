'use strict';
const { createAppConfig } = require('tooling');
const { devPortOf } = require('tooling/pageContract');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'header',
  port: devPortOf('header'),
  exposes: {
    './PromoBanner': './src/PromoBanner.tsx',
    './Header': './src/Header.tsx',
    './TrustStrip': './src/TrustStrip.tsx',
  },
});
