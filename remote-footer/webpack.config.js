'use strict';
const { createAppConfig } = require('tooling');
const { devPortOf } = require('tooling/pageContract');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'footer',
  port: devPortOf('footer'),
  exposes: { './Footer': './src/Footer.tsx' },
});
