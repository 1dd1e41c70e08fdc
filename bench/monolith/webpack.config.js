'use strict';
/**
 * For measurement only: the shell and the remotes' exposed modules as one ordinary webpack build,
 * with no module federation (no plugin, no runtime, no remoteEntry), to compare against the
 * federated storefront. It is the shell's own production config (tooling's createAppConfig: same
 * loaders, minimizer, precompression and page) with federation taken out and one module swapped:
 * shell/src/remotes/federation.ts becomes ./federation.monolith.ts, which imports the remotes'
 * source from the workspace. Output: <repo>/.monolith/shell/dist, which the gateway serves as
 * APPS_ROOT=<repo>/.monolith.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const shellConfig = require('shell/webpack.config.js');
const { StartupPreloadPlugin } = require('tooling/startupPreload');

const ROOT = path.resolve(__dirname, '..', '..');
const SHELL_REMOTES = path.join(ROOT, 'shell', 'src', 'remotes');
const STAND_IN = path.join(__dirname, 'federation.monolith.ts');

/** @type {(env: Record<string, string>, argv: {mode?: string}) => import('webpack').Configuration} */
module.exports = (env, argv) => {
  // The shell's production build is its page's and its server renderers': the page's alone here.
  const [base] = [shellConfig(env, { ...argv, mode: 'production' })].flat();
  // Federation out, and with it the hints for what federation shares at start (which would find
  // no shared module to start from, and fail the build saying so).
  const plugins = (base.plugins ?? []).filter(
    (plugin) =>
      !(plugin instanceof ModuleFederationPlugin) && !(plugin instanceof StartupPreloadPlugin),
  );
  if (plugins.length !== (base.plugins ?? []).length - 2) {
    throw new Error(
      'bench/monolith/webpack.config.js: expected exactly one ModuleFederationPlugin and one StartupPreloadPlugin to remove',
    );
  }
  /** @type {import('webpack').Configuration} */
  const config = {
    ...base,
    // The shell's index.ts is only an async boundary for federation's shared modules.
    entry: { main: './src/bootstrap.ts' },
    output: {
      ...base.output,
      path: path.join(ROOT, '.monolith', 'shell', 'dist'),
      filename: '[name].[contenthash:8].js',
      uniqueName: 'monolith',
    },
    resolve: {
      ...base.resolve,
      alias: {
        ...base.resolve?.alias,
        [`${path.join(SHELL_REMOTES, 'federation')}$`]: STAND_IN,
      },
    },
    plugins,
  };
  delete config.devServer;
  return config;
};
