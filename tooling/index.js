'use strict';
/**
 * The one place that knows how the storefront's apps are built and federated. Every app's
 * webpack.config.js calls `createAppConfig`; nobody writes federation settings by hand.
 */
const path = require('node:path');
const fs = require('node:fs');
const { createRequire } = require('node:module');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const zlib = require('node:zlib');
const {
  CONSUMED,
  PageCodePlugin,
  StartupPreloadPlugin,
  runsAtStartup,
} = require('./startupPreload');
const { declareApp, declareServerEntries } = require('./appModules');
const { PageContractPlugin } = require('./pageContract');
const { PortableFederationEntryPlugin } = require('./federation/portableEntry');
const { gatewayProxy } = require('./devProxy');

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
 * takes the shell's runtime core (`externalRuntime`): the federation's generated entry imports that
 * package's `./bundler` export (its exports map) by the file it resolves to, and a remote's build
 * gets `federation/borrowBundlerRuntime.mjs` in place of that one file. Matched on its path in the
 * package, so it holds wherever npm installs the package and however the entry names it; federation/remoteBuild.test.mjs fails, naming this
 * constant, if a remote's build stops matching it (a remote entry would grow by 15 KB).
 */
const BUNDLER_RUNTIME_ENTRY = require.resolve('@module-federation/webpack-bundler-runtime/bundler');

/**
 * A regular expression matching a request or resolved path of a package's `file`: any path ending
 * in its <package>/<file in the package> (the federation's entry names it by a path relative to
 * itself: federation/portableEntry.js).
 */
function packageFile(file) {
  const marker = `${path.sep}node_modules${path.sep}`;
  const inPackage = file.slice(file.lastIndexOf(marker) + marker.length);
  return new RegExp(`(?:^|[\\/])${escapeRegExp(inPackage)}$`);
}

/** @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The modules of a host's `pageShared` file: the packages' (node_modules) and those under the
 * host's `folders` (relative to its folder `dir`).
 * @param {string} dir
 * @param {string[]} folders
 */
function pageSharedModules(dir, folders) {
  const under = folders.map((folder) => `^${escapeRegExp(path.join(dir, folder))}[\\\\/]`);
  return new RegExp([/[\\/]node_modules[\\/]/.source, ...under].join('|'));
}

/**
 * A package's package.json as installed where `from` resolves the package: looked up along the
 * folders Node.js resolves it from (`require.resolve.paths`), since an exports map need not
 * export its package.json.
 * @param {string} pkgName
 * @param {string} [from] a folder to resolve from (an app's)
 * @returns {{ dir: string, json: { version: string, exports?: any } }}
 */
function installedPackage(pkgName, from = __dirname) {
  const lookups = createRequire(path.join(from, 'package.json')).resolve.paths(pkgName) ?? [];
  for (const folder of lookups) {
    const dir = path.join(folder, pkgName);
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) return { dir, json: JSON.parse(fs.readFileSync(file, 'utf8')) };
  }
  throw new Error(`tooling: "${pkgName}" is not installed where ${from} resolves it`);
}

/**
 * The version of a package as installed where `from` resolves it: what a build bundles, provides
 * and reports in its manifest.
 * @param {string} pkgName
 * @param {string} [from]
 */
function installedVersion(pkgName, from) {
  return installedPackage(pkgName, from).json.version;
}

/** The package a request or share key names: `react/jsx-runtime` -> `react`, `@a/b/c` -> `@a/b`. */
function packageNameOf(request) {
  const parts = request.split('/');
  return parts.slice(0, request.startsWith('@') ? 2 : 1).join('/');
}

/**
 * The requests a remote's `exposes` option names (`{ './Header': './src/Header.tsx' }` ->
 * `./src/Header.tsx`), in any of the option's documented forms.
 * @param {Record<string, string | string[] | { import: string | string[] }>} exposes
 */
function exposedRequests(exposes) {
  return new Set(
    Object.values(exposes).flatMap((item) =>
      typeof item === 'object' && !Array.isArray(item) ? [item.import].flat() : [item].flat(),
    ),
  );
}

/**
 * Whether a chunk is opened by one of a remote's exposed modules: one of its groups hangs off the
 * container's entrypoint (the entry ModuleFederationPlugin adds under the container's `name`, run
 * by remoteEntry.js) and was opened by the request of one of `exposes`. Only webpack's public
 * chunk-group API (`groupsIterable`, `getParents`, `origins`) and the remote's own options.
 * @param {string} name the container's name
 * @param {Record<string, string | string[] | { import: string | string[] }>} exposes
 * @returns {(chunk: import('webpack').Chunk) => boolean}
 */
function openedByExposes(name, exposes) {
  const requests = exposedRequests(exposes);
  return (chunk) =>
    [...chunk.groupsIterable].some(
      (group) =>
        group.getParents().some((parent) => parent.name === name && parent.isInitial()) &&
        group.origins.some(({ request }) => requests.has(request)),
    );
}

/**
 * The split-chunks groups of a remote's own code. What its `exposes` open is one file of code and
 * one of styles, "exposed" (the first screens load it). Its `pages` keep each its own module in a
 * chunk of its own (the federation's manifest names a page's files by that chunk: an empty one
 * would be merged with the others and name them all) and share one file, "pages", of the rest,
 * including their own copies of what they share with `exposes`: a page loads no first-screen code.
 * @param {string} dir
 * @param {string} name the container's name
 * @param {Record<string, string>} exposes
 * @param {Record<string, string>} pages
 */
function ownCodeGroups(dir, name, exposes, pages) {
  const src = path.join(dir, 'src');
  const pageEntries = new Set(
    [...exposedRequests(pages)].map((request) => path.join(dir, request)),
  );
  /** @type {(module: import('webpack').Module & { resource?: string }) => boolean} */
  const own = (module) => module.resource?.startsWith(src) ?? false;
  /** @type {(module: import('webpack').Module & { resource?: string }) => boolean} */
  const shared = (module) => own(module) && !pageEntries.has(module.resource ?? '');
  /** The stub by which a chunk takes a shared package: listed once per chunk in remoteEntry.js. */
  const consumes = (/** @type {import('webpack').Module} */ module) => module.type === CONSUMED;
  const firstScreens = { name: 'exposed', chunks: openedByExposes(name, exposes), enforce: true };
  const shownAlone = { name: 'pages', chunks: openedByExposes(name, pages), enforce: true };
  /**
   * A style sheet both the first screens and the pages import (the home remote's cards.css).
   * @type {(module: import('webpack').Module, context: { chunkGraph: import('webpack').ChunkGraph }) => boolean}
   */
  const importedByBoth = (module, { chunkGraph }) => {
    const chunks = [...chunkGraph.getModuleChunksIterable(module)];
    return chunks.some(firstScreens.chunks) && chunks.some(shownAlone.chunks);
  };
  return {
    // webpack's `default` group would gather the stubs every chunk consumes into one of them, the
    // home page's, putting it in every page's group (and its files in the manifest's list for
    // each). An exposed module's chunk keeps its own (an empty chunk would be dropped, and the
    // manifest would name no files for the module); the pages' go to their shared file.
    default: false,
    exposed: { ...firstScreens, test: own },
    // What both import is a file of its own, loaded once: in each of the two files, a page that
    // loaded the other later would have its rules applied again, over the rules of the first file
    // that override them (a pointer on a link to the home page read its styles ahead, and the
    // cards' spacing moved the course page).
    sharedStyles: {
      name: 'shared-styles',
      type: 'css/mini-extract',
      chunks: (chunk) => firstScreens.chunks(chunk) || shownAlone.chunks(chunk),
      test: importedByBoth,
      enforce: true,
      priority: 10,
    },
    exposedStyles: { ...firstScreens, type: 'css/mini-extract' },
    pages: { ...shownAlone, test: (module) => shared(module) || consumes(module) },
    pageStyles: { ...shownAlone, type: 'css/mini-extract' },
  };
}

/**
 * The ES-module build of a package, as its exports map names it (`exports['.'].import`): the
 * federation runtime packages ship ESM and CJS builds, and one copy of each is enough.
 * @param {string} pkgName
 */
function esmBuildOf(pkgName) {
  const { dir, json } = installedPackage(pkgName);
  /** @type {unknown} */
  let target = json.exports?.['.']?.import;
  while (target && typeof target === 'object') target = /** @type {any} */ (target).default;
  if (typeof target !== 'string') {
    throw new Error(`tooling: ${pkgName}'s exports map names no "import" build for "."`);
  }
  return path.join(dir, target);
}

/** The shared-store contract every app is built against: its major version. */
function sharedStoreRange() {
  return `^${installedVersion('shared-store').split('.')[0]}.0.0`;
}

/**
 * The apps' own TypeScript and TSX, compiled by swc for `target`; with `sourceMaps`, for a build
 * that writes source maps.
 * @param {{ target: string, development: boolean, sourceMaps: boolean }} options
 */
function sourceRule({ target, development, sourceMaps }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        // The source map as an object, not swc's text: webpack then names its sources relative to
        // the app (webpack://./src/…), where swc names them by their absolute paths, which went
        // into the modules' hashes and the source maps, so a build changed with the folder the
        // repository is in. (A build without maps gets none to parse.)
        parseMap: sourceMaps,
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
 * Every entry names its `version`, the package's as installed where the app resolves it: what the
 * shell provides (a shared entry file such as tooling/shared/react-router-dom.mjs would otherwise
 * be provided under tooling's own version) and what a remote's manifest reports
 * (`manifestData`).
 * @param {Record<string, string>} dependencies
 * @param {{fallbacks?: boolean, from?: string}} [options] `from`: the app's folder
 */
function sharedConfig(dependencies, { fallbacks = true, from = __dirname } = {}) {
  /** @type {Record<string, {singleton: true, requiredVersion: string, version: string, import?: false}>} */
  const shared = {};
  for (const key of SINGLETONS) {
    const pkgName = key.endsWith('/') ? key.slice(0, -1) : key;
    const requiredVersion = pkgName === 'shared-store' ? sharedStoreRange() : dependencies[pkgName];
    if (!requiredVersion) {
      throw new Error(`tooling: "${pkgName}" must be a dependency of every federated app`);
    }
    shared[key] = {
      singleton: true,
      requiredVersion,
      version: installedVersion(pkgName, from),
      ...(fallbacks ? {} : { import: false }),
    };
  }
  return shared;
}

/**
 * `manifest.additionalData` (a documented option of the manifest), so that a remote's
 * mf-stats.json and mf-manifest.json say the same for the same source:
 * - each shared package is reported under the version its `shared` entry names.
 *   @module-federation/enhanced 2.9.2 reads a consumed package's version back out of the consume
 *   module's identifier, where an exact `requiredVersion` is printed unparsed ("7.18.5" became
 *   "=..1.8...5", so the header's manifest said react-router-dom "..1.8...5"; fixed upstream by
 *   module-federation/core#4622). Once enhanced reports them right this changes nothing.
 * - the exposed modules each shared package or remote is used in (`usedIn`) are listed in one
 *   order: enhanced lists them as the build meets them, which varies from build to build, and a
 *   release's version is the hash of its files (the same source gave two versions).
 * @param {ReturnType<typeof sharedConfig>} shared
 */
function manifestData(shared) {
  /** @param {{ stats: { shared: { name: string, version: string, usedIn?: string[] }[], remotes?: { usedIn?: string[] }[] } }} options */
  return ({ stats }) => {
    for (const item of stats.shared) {
      const pkgName = packageNameOf(item.name);
      const config = shared[item.name] ?? shared[pkgName] ?? shared[`${pkgName}/`];
      if (config) item.version = config.version;
    }
    for (const item of [...stats.shared, ...(stats.remotes ?? [])]) item.usedIn?.sort();
    return stats;
  };
}

/** Where an app's page starts (the shell's; a remote's opened alone), relative to its folder. */
const ENTRY = './src/index.ts';

/**
 * One build of one app, as the parts of its configuration below read it: the app's options, and
 * what the mode makes of them.
 * @typedef {object} AppBuild
 * @property {string} dir the app's folder
 * @property {string} name the federation name
 * @property {Record<string, string>} exposes
 * @property {Record<string, string>} pages
 * @property {boolean} isHost
 * @property {string[]} pageShared
 * @property {boolean} dev a development build (a dev server's)
 * @property {boolean} standalone a remote opened alone: no host lends it the federation runtime
 * @property {boolean} withPage the build has a page of its own (the host's; a remote opened alone)
 * @property {string} entryFile where the page starts
 */

/**
 * Where the build writes and what its files are named.
 * @param {AppBuild} build
 * @returns {import('webpack').Configuration['output']}
 */
function appOutput({ dir, name, isHost, dev }) {
  return {
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
  };
}

/**
 * How requests resolve: the federation runtime's one (ESM) copy, the shared packages' trimmed
 * entries, and, in a remote built for the shell, no error descriptions.
 * @param {AppBuild} build
 * @returns {import('webpack').Configuration['resolve']}
 */
function appResolve({ isHost, standalone }) {
  return {
    extensions: ['.tsx', '.ts', '.js', '.mjs'],
    // A package's ES2015 build where its exports map names one (rxjs: classes instead of ES5
    // functions and tslib's helpers, 3 KB less), before webpack's own conditions.
    conditionNames: ['es2015', '...'],
    alias: {
      // The runtime ships ESM and CJS builds; pin the ESM one so it is bundled once.
      '@module-federation/runtime-core$': esmBuildOf('@module-federation/runtime-core'),
      '@module-federation/sdk$': esmBuildOf('@module-federation/sdk'),
      // A remote borrows the shell's runtime and uses none of the federation's error codes,
      // but the container's hoisted runtime carried their descriptions (1.2 KB, a dead
      // expression, in every remote entry): none is bundled. federation/remoteBuild.test.mjs
      // checks that no remote entry needs them.
      ...(isHost || standalone ? {} : { '@module-federation/error-codes$': false }),
      ...Object.fromEntries(
        Object.entries(SHARED_ENTRIES).map(([pkgName, file]) => [`${pkgName}$`, file]),
      ),
    },
  };
}

/**
 * The loaders: the apps' TypeScript (swc), their style sheets (extracted to files), and images
 * and fonts as files of their own.
 * @param {AppBuild} build
 * @returns {import('webpack').Configuration['module']}
 */
function appModuleRules({ dev }) {
  return {
    rules: [
      sourceRule({ target: 'es2020', development: dev, sourceMaps: true }),
      {
        test: /\.css$/,
        use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')],
      },
      { test: /\.(png|svg|jpe?g|webp|woff2)$/, type: 'asset/resource' },
    ],
  };
}

/**
 * The app's container: the host provides the federation runtime and every shared package; a
 * remote exposes its modules from remoteEntry.js, with a manifest, and borrows the host's runtime
 * unless it is opened alone.
 * @param {AppBuild} build
 * @param {ReturnType<typeof sharedConfig>} shared
 */
function federationPlugin({ name, exposes, pages, isHost, standalone }, shared) {
  return new ModuleFederationPlugin({
    name,
    ...(isHost
      ? {}
      : {
          filename: 'remoteEntry.js',
          exposes: { ...exposes, ...pages },
          manifest: { additionalData: manifestData(shared) },
        }),
    remotes: {},
    shared,
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
  });
}

/**
 * The production build's files, also written gzipped and brotli-compressed: served precompressed
 * by the gateway, the smallest files for phones and no work per request.
 */
function compressionPlugins() {
  return [
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
  ];
}

/**
 * The page, for a build that has one: the app's public/index.html (the shell's, with the slots the
 * gateway fills), or a bare page for a remote opened alone.
 * @param {AppBuild} build
 * @param {{ name: string }} pkg the app's package.json
 */
function pagePlugin({ dir, isHost, dev }, pkg) {
  return new HtmlWebpackPlugin({
    ...(fs.existsSync(path.join(dir, 'public', 'index.html'))
      ? { template: path.join(dir, 'public', 'index.html') }
      : { title: `${pkg.name} (opened alone)`, templateContent: STANDALONE_PAGE }),
    ...(fs.existsSync(path.join(dir, 'public', 'favicon.svg'))
      ? { favicon: path.join(dir, 'public', 'favicon.svg') }
      : {}),
    scriptLoading: 'defer',
    // The shell's page places its head tags itself, before the gateway's slot.
    inject: isHost ? false : 'head',
    // html-webpack-plugin's production settings, keeping the slots the gateway fills
    // (`<!--page:…-->`, shell/public/index.html).
    minify: dev
      ? false
      : {
          collapseWhitespace: true,
          keepClosingSlash: true,
          removeComments: true,
          removeRedundantAttributes: true,
          removeScriptTypeAttributes: true,
          removeStyleLinkTypeAttributes: true,
          useShortDoctype: true,
          ignoreCustomComments: [/^\/?page:/],
        },
  });
}

/**
 * The host's other files of public/ (the web manifest, its icons, the default share image), served
 * as they are beside the page (the template and favicon are pagePlugin's).
 * @param {AppBuild} build
 */
function publicFilesPlugin({ dir }) {
  return new CopyPlugin({
    patterns: [
      {
        from: path.join(dir, 'public'),
        noErrorOnMissing: true,
        globOptions: { ignore: ['**/index.html', '**/favicon.svg'] },
      },
    ],
  });
}

/**
 * Every plugin of the build, in the order they run: styles, federation, then what only some
 * builds have (compression, the page, the host's files and start hints, the borrowed runtime).
 * @param {AppBuild} build
 * @param {{ name: string }} pkg the app's package.json
 * @param {ReturnType<typeof sharedConfig>} shared
 * @returns {import('webpack').WebpackPluginInstance[]}
 */
function appPlugins(build, pkg, shared) {
  const { dir, isHost, dev, standalone, withPage, entryFile } = build;
  return [
    new MiniCssExtractPlugin({
      filename: dev ? '[name].css' : '[name].[contenthash:8].css',
      chunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
    }),
    federationPlugin(build, shared),
    // The same source builds the same files wherever the repository is checked out.
    new PortableFederationEntryPlugin(),
    ...(dev ? [] : compressionPlugins()),
    ...(withPage ? [pagePlugin(build, pkg)] : []),
    ...(isHost ? [publicFilesPlugin(build)] : []),
    ...(isHost && !dev
      ? [
          new StartupPreloadPlugin(entryFile),
          new PageCodePlugin(entryFile, path.join(dir, 'src', 'pages')),
          new PageContractPlugin(),
        ]
      : []),
    ...(isHost || standalone
      ? []
      : [
          new webpack.NormalModuleReplacementPlugin(
            packageFile(BUNDLER_RUNTIME_ENTRY),
            path.join(__dirname, 'federation', 'borrowBundlerRuntime.mjs'),
          ),
        ]),
  ];
}

/**
 * The host's production chunks. It runs every package it shares at start: one file for them all
 * rather than a request each (on HTTP/1.1 a phone waits a round trip per file beyond six at a
 * time). Packages only code loaded later needs (toasts) stay with that code.
 * @param {AppBuild} build
 */
function hostSplitChunks({ dir, pageShared, entryFile }) {
  return {
    chunks: 'async',
    cacheGroups: {
      shared: {
        // Packages, shared-store and the files that share parts of packages.
        test: /[\\/](node_modules|shared-store|tooling[\\/]shared)[\\/]/,
        name: 'shared',
        chunks: (chunk) => runsAtStartup(chunk, entryFile, { orFallback: true }),
        enforce: true,
      },
      // The packages and the host's `pageShared` folders several pages use, that the start does
      // not run (valibot, the shell's reads): one file the pages share. Left to the defaults,
      // each set of pages using them got copies.
      pageShared: {
        test: pageSharedModules(dir, pageShared),
        name: 'page-shared',
        chunks: (chunk) => !runsAtStartup(chunk, entryFile, { orFallback: true }),
        minChunks: 2,
        minSize: 0,
        // What the start runs stays in `shared`.
        priority: -5,
      },
      // A style sheet several pages import is one file, downloaded once, rather than a copy
      // under each page's name.
      pageStyles: {
        type: 'css/mini-extract',
        name: 'pages',
        minChunks: 2,
        minSize: 0,
      },
    },
  };
}

/**
 * The minimizers of a production build: swc for the code; lightningcss for the style sheets too,
 * since pages carry them inline, so every byte is in every first load.
 */
function minimizers() {
  return [
    new MinimizerPlugin({
      minify: MinimizerPlugin.swcMinify,
      extractComments: false,
      minimizerOptions: { compress: { passes: 3, ecma: 2020 }, ecma: 2020 },
    }),
    new MinimizerPlugin({ test: /\.css$/i, minify: MinimizerPlugin.lightningCssMinify }),
  ];
}

/**
 * Ids that stay put from build to build, the production chunks (the host's: hostSplitChunks; a
 * remote's: ownCodeGroups) and the minimizers.
 * @param {AppBuild} build
 * @returns {import('webpack').Configuration['optimization']}
 */
function appOptimization(build) {
  const { dir, name, exposes, pages, isHost, dev } = build;
  // A remote's exposed modules share one file of its own code and one of its styles: the
  // header's three slots cost two requests, not six. Its pages are one file more (their own
  // code, loaded when one is shown). Code an exposed module loads on demand stays apart.
  const remoteChunks = () => ({
    chunks: /** @type {const} */ ('async'),
    cacheGroups: ownCodeGroups(dir, name, exposes, pages),
  });
  return {
    moduleIds: 'deterministic',
    chunkIds: 'deterministic',
    ...(dev ? {} : { splitChunks: isHost ? hostSplitChunks(build) : remoteChunks() }),
    minimizer: minimizers(),
  };
}

/**
 * The dev server (`npm run dev`): hot reload on the app's port, and the app's `devServer`
 * settings over these.
 * @param {number} port
 * @param {import('webpack-dev-server').Configuration} devServer
 * @returns {import('webpack-dev-server').Configuration}
 */
function appDevServer(port, devServer) {
  return {
    port,
    host: '127.0.0.1',
    // Shell and remotes opened alone talk to the gateway (npm run dev starts it, with its sample
    // backend), which holds the WooCommerce keys as in production, and to nothing else:
    // tooling/devProxy.js.
    proxy: gatewayProxy(),
    hot: true,
    historyApiFallback: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { warnings: false } },
    ...devServer,
  };
}

/**
 * An app's webpack configuration, for every app's webpack.config.js: the parts above, put
 * together for the mode webpack is run in (production, or a dev server's development).
 * @param {object} options
 * @param {string} options.dir the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name the federation name (shell, header, footer, home, cart)
 * @param {Record<string, string>} [options.exposes] for remotes: what they expose that the
 *   first screens show (layout slots, the home page): one file of code and one of styles
 * @param {Record<string, string>} [options.pages] for remotes: pages they expose that are shown
 *   alone (a course, an event): exposed too, in one file of their own, loaded when one is shown;
 *   what they share with `exposes` stays in the latter's file
 * @param {number} options.port dev-server port
 * @param {boolean} [options.isHost]
 * @param {string[]} [options.pageShared] for the host: its folders (relative to `dir`) whose
 *   modules several pages use but the start does not run (the site's reads): they go in the
 *   pages' shared file with the packages of that kind, rather than a copy in each page's
 * @param {import('webpack-dev-server').Configuration} [options.devServer] extra dev-server settings
 */
function createAppConfig({
  dir,
  name,
  exposes = {},
  pages = {},
  port,
  isHost = false,
  pageShared = [],
  devServer = {},
}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  declareApp(dir, { name, exposes: isHost ? {} : { ...exposes, ...pages }, entry: ENTRY });
  /** @type {(env: Record<string, string>, argv: {mode?: string}) => import('webpack').Configuration} */
  return (_env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const dev = mode === 'development';
    const standalone = dev && !isHost;
    const withPage = isHost || standalone;
    /** @type {AppBuild} */
    const build = {
      dir,
      name,
      exposes,
      pages,
      isHost,
      pageShared,
      dev,
      standalone,
      withPage,
      entryFile: path.join(dir, ENTRY),
    };
    // A remote opened alone has no shell to take the shared packages from.
    const shared = sharedConfig(pkg.dependencies, { fallbacks: withPage, from: dir });
    return {
      mode,
      context: dir,
      target: 'web',
      // A production file names no map: the maps are not found unless an operator turns them on,
      // and then the gateway names each in a SourceMap header, so no file carries a dead comment.
      devtool: dev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
      entry: withPage ? { main: build.entryFile } : {},
      output: appOutput(build),
      resolve: appResolve(build),
      module: appModuleRules(build),
      plugins: appPlugins(build, pkg, shared),
      performance: { hints: false },
      optimization: appOptimization(build),
      // The manifest plugin reports its publicPath choice as a warning on every build.
      infrastructureLogging: { level: 'error' },
      devServer: appDevServer(port, devServer),
      stats: 'errors-warnings',
    };
  };
}

/**
 * A remote's server renderers: `entries` (name -> source file) built for Node.js into
 * dist/server/<name>.js, CommonJS, with React and the remote's own code bundled so a renderer
 * runs the very components of the build beside it. It needs no DOM and no package of the process
 * that runs it: the backend HTML it renders comes sanitized from the gateway.
 * @param {object} options
 * @param {string} options.dir the app's folder (__dirname of its webpack.config.js)
 * @param {Record<string, string>} options.entries
 */
function createServerConfig({ dir, entries }) {
  declareServerEntries(dir, entries);
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
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          sourceRule({ target: 'es2022', development: false, sourceMaps: false }),
          // shared-store's entry re-exports the whole contract; a renderer keeps what it uses.
          { test: /[\\/]shared-store[\\/]src[\\/]/, sideEffects: false },
          // A page's style sheets are the browser build's (the page links them); the renderer
          // draws markup only.
          { test: /\.css$/, type: 'asset/resource', generator: { emit: false } },
        ],
      },
      optimization: { minimize: false },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

module.exports = {
  BUNDLER_RUNTIME_ENTRY,
  createAppConfig,
  createServerConfig,
  manifestData,
  sharedConfig,
  SINGLETONS,
};
