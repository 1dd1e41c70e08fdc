'use strict';
/**
 * The one place that knows how the storefront's apps are built and federated. Every app's
 * webpack.config.js calls `createAppConfig`; nobody writes federation settings by hand.
 */
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { PageCodePlugin, StartupPreloadPlugin, runsAtStartup } = require('./startupPreload');

/**
 * Packages the page must hold exactly once, and that the shell and the remotes import: only what
 * the apps import is shared. The store (Redux Toolkit, react-redux, redux-persist) and the bus
 * (rxjs) are shared-store's own: its one copy on the page carries them, tree-shaken like any
 * other code. The trailing-slash forms share subpath imports (react/jsx-runtime,
 * react-dom/client) so they do not load a second copy.
 */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'shared-store',
];

/**
 * Shared packages the storefront uses only a few exports of: each is provided from a file that
 * re-exports just those, so the shared copy is tree-shaken like any other code.
 */
const SHARED_ENTRIES = {
  'react-router-dom': path.join(__dirname, 'shared', 'react-router-dom.mjs'),
};

/**
 * The bundler half of the federation runtime (`@module-federation/webpack-bundler-runtime`, with
 * the SDK it brings) is the same code in every container. A remote takes the shell's copy, as it
 * takes the shell's runtime core (`externalRuntime`): the federation's generated entry, which
 * imports that package by its resolved file, gets `federation/borrowBundlerRuntime.mjs` instead.
 */
const BUNDLER_RUNTIME_FILE =
  /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/;

/** The version of a package as installed, which a shared entry file is provided under. */
function installedVersion(pkgName) {
  return JSON.parse(fs.readFileSync(require.resolve(`${pkgName}/package.json`), 'utf8')).version;
}

/**
 * Whether a chunk is opened by a remote's container (one of its exposed modules).
 * @param {import('webpack').Chunk} chunk
 */
function openedByExposes(chunk) {
  return [...chunk.groupsIterable].some((group) =>
    group.origins.some(({ module }) => module?.constructor.name === 'ContainerEntryModule'),
  );
}

/** The ES-module build beside a package's CommonJS main (dist/index.cjs -> dist/index.js). */
function esmBuildOf(pkgName) {
  return require.resolve(pkgName).replace(/\.cjs$/, '.js');
}

/** The shared-store contract every app is built against: its major version. */
function sharedStoreRange() {
  const { version } = require('../shared-store/package.json');
  return `^${version.split('.')[0]}.0.0`;
}

/**
 * The apps' own TypeScript and TSX, compiled by swc for `target`.
 * @param {{ target: string, development: boolean }} options
 */
function sourceRule({ target, development }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development, refresh: false } },
          target,
        },
      },
    },
  };
}

/** The page a remote's dev server shows when it is opened alone. */
const STANDALONE_PAGE = ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${htmlWebpackPlugin.options.title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * Builds the `shared` section from the app's own package.json so versions are never written twice.
 * Without `fallbacks` (a remote built for the shell) the build carries no copy of its own of any
 * shared package (`import: false`): the page's copy is the shell's, so a remote's copies were
 * never downloaded, only built and shipped (about 125 KB of each remote's 135). The shell
 * provides every one: the check below makes each a dependency of every app.
 * @param {Record<string, string>} dependencies
 * @param {{fallbacks?: boolean}} [options]
 */
function sharedConfig(dependencies, { fallbacks = true } = {}) {
  /** @type {Record<string, {singleton: true, requiredVersion: string, version?: string, import?: false}>} */
  const shared = {};
  for (const key of SINGLETONS) {
    const pkgName = key.endsWith('/') ? key.slice(0, -1) : key;
    const requiredVersion = pkgName === 'shared-store' ? sharedStoreRange() : dependencies[pkgName];
    if (!requiredVersion) {
      throw new Error(`tooling: "${pkgName}" must be a dependency of every federated app`);
    }
    shared[key] = { singleton: true, requiredVersion, ...(fallbacks ? {} : { import: false }) };
    const entry = SHARED_ENTRIES[key];
    if (entry) shared[key].version = installedVersion(pkgName);
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name the federation name (shell, header, footer, home, cart)
 * @param {Record<string, string>} [options.exposes] for remotes: what they expose
 * @param {number} options.port dev-server port
 * @param {boolean} [options.isHost]
 * @param {import('webpack-dev-server').Configuration} [options.devServer] extra dev-server settings
 */
function createAppConfig({ dir, name, exposes, port, isHost = false, devServer = {} }) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  /** @type {(env: Record<string, string>, argv: {mode?: string}) => import('webpack').Configuration} */
  return (_env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const dev = mode === 'development';
    // A remote opened alone (its dev server page) has no host to lend it the federation runtime.
    const standalone = dev && !isHost;
    const withPage = isHost || standalone;
    const entryFile = path.join(dir, 'src', 'index.ts');
    return {
      mode,
      context: dir,
      target: 'web',
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      entry: withPage ? { main: entryFile } : {},
      output: {
        path: path.join(dir, 'dist'),
        // Remotes resolve their chunks next to wherever their manifest was served from.
        publicPath: isHost ? '/' : 'auto',
        // The host entry cannot carry [contenthash] under federation; its chunks do.
        filename: '[name].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        // A server renderer (createServerConfig) builds into server/ beside this build.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: {
          // The runtime ships ESM and CJS builds; pin the ESM one so it is bundled once.
          '@module-federation/runtime-core$': esmBuildOf('@module-federation/runtime-core'),
          '@module-federation/sdk$': esmBuildOf('@module-federation/sdk'),
          ...Object.fromEntries(
            Object.entries(SHARED_ENTRIES).map(([pkgName, file]) => [`${pkgName}$`, file]),
          ),
        },
      },
      module: {
        rules: [
          sourceRule({ target: 'es2020', development: dev }),
          {
            test: /\.css$/,
            use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')],
          },
          { test: /\.(png|svg|jpe?g|webp|woff2)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({
          filename: dev ? '[name].css' : '[name].[contenthash:8].css',
          chunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
        }),
        new ModuleFederationPlugin({
          name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes, manifest: true }),
          remotes: {},
          // A remote opened alone has no shell to take the shared packages from.
          shared: sharedConfig(pkg.dependencies, { fallbacks: isHost || standalone }),
          shareStrategy: 'loaded-first',
          dts: false,
          ...(isHost
            ? {
                runtimePlugins: [path.join(__dirname, 'federation', 'provideBundlerRuntime.mjs')],
              }
            : {}),
          experiments: {
            asyncStartup: true,
            // Browser-only builds: the runtime's Node.js code paths are left out.
            optimization: { target: 'web' },
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: !standalone }),
          },
        }),
        // Served precompressed by the gateway: the smallest files for phones, no work per request.
        ...(dev
          ? []
          : [
              new CompressionPlugin({
                test: /\.(js|css|svg|json)$/,
                algorithm: 'gzip',
                compressionOptions: { level: 9 },
                filename: '[path][base].gz',
                minRatio: 0.9,
              }),
              new CompressionPlugin({
                test: /\.(js|css|svg|json)$/,
                algorithm: 'brotliCompress',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                filename: '[path][base].br',
                minRatio: 0.9,
              }),
            ]),
        ...(withPage
          ? [
              new HtmlWebpackPlugin({
                ...(fs.existsSync(path.join(dir, 'public', 'index.html'))
                  ? { template: path.join(dir, 'public', 'index.html') }
                  : { title: `${pkg.name} (opened alone)`, templateContent: STANDALONE_PAGE }),
                ...(fs.existsSync(path.join(dir, 'public', 'favicon.svg'))
                  ? { favicon: path.join(dir, 'public', 'favicon.svg') }
                  : {}),
                scriptLoading: 'defer',
                inject: 'head',
              }),
            ]
          : []),
        ...(isHost && !dev
          ? [
              new StartupPreloadPlugin(entryFile),
              new PageCodePlugin(entryFile, path.join(dir, 'src', 'pages')),
            ]
          : []),
        ...(isHost || standalone
          ? []
          : [
              new webpack.NormalModuleReplacementPlugin(
                BUNDLER_RUNTIME_FILE,
                path.join(__dirname, 'federation', 'borrowBundlerRuntime.mjs'),
              ),
            ]),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // The host runs every package it shares at start: one file for them all rather than a
        // request each (on HTTP/1.1 a phone waits a round trip per file beyond six at a time).
        // Packages only code loaded later needs (toasts) stay with that code.
        ...(isHost && !dev
          ? {
              splitChunks: {
                chunks: 'async',
                cacheGroups: {
                  shared: {
                    // Packages, shared-store and the files that share parts of packages.
                    test: /[\\/](node_modules|shared-store|tooling[\\/]shared)[\\/]/,
                    name: 'shared',
                    chunks: (chunk) => runsAtStartup(chunk, entryFile, { orFallback: true }),
                    enforce: true,
                  },
                  // A style sheet several pages import is one file, downloaded once, rather
                  // than a copy under each page's name.
                  pageStyles: {
                    type: 'css/mini-extract',
                    name: 'pages',
                    minChunks: 2,
                    minSize: 0,
                  },
                },
              },
            }
          : {}),
        // A remote's exposed modules share one file of its own code and one of its styles: the
        // header's three slots cost two requests, not six. Code an exposed module loads on
        // demand stays apart.
        ...(!isHost && !dev
          ? {
              splitChunks: {
                chunks: 'async',
                cacheGroups: {
                  exposed: {
                    test: (module) => module.resource?.startsWith(path.join(dir, 'src')) ?? false,
                    name: 'exposed',
                    chunks: openedByExposes,
                    enforce: true,
                  },
                  exposedStyles: {
                    type: 'css/mini-extract',
                    name: 'exposed',
                    chunks: openedByExposes,
                    enforce: true,
                  },
                },
              },
            }
          : {}),
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false }),
          // Style sheets too: pages carry them inline, so every byte is in every first load.
          new MinimizerPlugin({ test: /\.css$/i, minify: MinimizerPlugin.lightningCssMinify }),
        ],
      },
      // The manifest plugin reports its publicPath choice as a warning on every build.
      infrastructureLogging: { level: 'error' },
      devServer: {
        port,
        host: '127.0.0.1',
        // Shell and remotes opened alone talk to the gateway and its sample backend (npm run dev
        // starts them), which holds the WooCommerce keys as in production.
        proxy: [
          {
            context: ['/api', '/wp-json', '/lms', '/checkout', '/wp-content', '/portal'],
            target: process.env.DEV_API_URL ?? 'http://127.0.0.1:8090',
            changeOrigin: true,
          },
        ],
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
        ...devServer,
      },
      stats: 'errors-warnings',
    };
  };
}

/**
 * A remote's server renderers: `entries` (name -> source file) built for Node.js into
 * dist/server/<name>.js, CommonJS, with React and the remote's own code bundled so a renderer
 * runs the very components of the build beside it. The process that runs it provides jsdom, the
 * DOM DOMPurify sanitizes with on the server (tooling/server/dompurify.js).
 * @param {object} options
 * @param {string} options.dir the app's folder (__dirname of its webpack.config.js)
 * @param {Record<string, string>} options.entries
 */
function createServerConfig({ dir, entries }) {
  /** @type {(env: Record<string, string>, argv: {mode?: string}) => import('webpack').Configuration} */
  return (_env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    return {
      mode,
      context: dir,
      target: 'node20',
      devtool: false,
      entry: entries,
      output: {
        path: path.join(dir, 'dist'),
        filename: 'server/[name].js',
        library: { type: 'commonjs2' },
        clean: false,
      },
      externals: { jsdom: 'commonjs jsdom' },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: { dompurify$: path.join(__dirname, 'server', 'dompurify.js') },
      },
      module: {
        rules: [
          sourceRule({ target: 'es2022', development: false }),
          // shared-store's entry re-exports the whole contract; a renderer keeps what it uses.
          { test: /[\\/]shared-store[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      optimization: { minimize: false },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createAppConfig, createServerConfig, SINGLETONS };
