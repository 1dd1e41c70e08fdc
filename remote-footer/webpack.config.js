'use strict';
const { createAppConfig } = require('tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'footer',
  port: 3002,
  exposes: { './Footer': './src/Footer.tsx' },
});
