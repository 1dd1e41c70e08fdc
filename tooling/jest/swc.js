'use strict';

/**
 * Jest's TypeScript transform for every package: swc strips the types (tsc checks them in
 * `npm run type-check`) and writes CommonJS for Jest, as fast as loading the file. Decorators and
 * enums are not used; `isolatedModules` holds the sources to what a per-file compiler can do.
 * @param {{ jsx?: boolean }} [options] whether the files hold JSX (React's automatic runtime)
 * @returns {[string, object]} a Jest transform entry
 */
function swcTransform({ jsx = false } = {}) {
  return [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: jsx },
        ...(jsx ? { transform: { react: { runtime: 'automatic' } } } : {}),
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    },
  ];
}

module.exports = { swcTransform };
