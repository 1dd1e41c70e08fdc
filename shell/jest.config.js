const { webJestConfig } = require('tooling/jest/web');

module.exports = webJestConfig(__dirname);
