/** One Jest run over every package's own configuration. */
/** @type {import('jest').Config} */
module.exports = {
  projects: [
    '<rootDir>/shared-store',
    '<rootDir>/shell',
    '<rootDir>/remote-header',
    '<rootDir>/remote-footer',
    '<rootDir>/remote-home',
    '<rootDir>/remote-cart',
    '<rootDir>/sample-backend',
    '<rootDir>/gateway',
  ],
};
