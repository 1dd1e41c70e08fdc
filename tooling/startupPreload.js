'use strict';
/**
 * Preload hints in the host's page for the code (and its styles) it runs at start: the app chunk behind the entry's
 * `import('./bootstrap')` and the shared packages the host provides (the page uses the host's copies;
 * the fallbacks it would consume otherwise get no hint). Without them the browser
 * learns of these files only once main.js has run, one round trip later; with them they download
 * alongside main.js. Route pages (loaded on their route only) get no hint.
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'StartupPreloadPlugin';

/** @param {import('webpack').Compilation} compilation */
function startupFiles(compilation) {
  const entryModules = new Set();
  for (const entry of compilation.entrypoints.values()) {
    for (const chunk of entry.chunks) {
      for (const module of compilation.chunkGraph.getChunkEntryModulesIterable(chunk)) {
        entryModules.add(module);
      }
    }
  }
  /** @param {import('webpack').ChunkGroup} group */
  const atStartup = (group) =>
    group.origins.some(
      ({ module }) => module && (entryModules.has(module) || module.type === 'provide-module'),
    );
  const files = new Set();
  for (const group of compilation.chunkGroups) {
    if (group.isInitial() || !atStartup(group)) continue;
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
    }
  }
  return [...files].sort();
}

class StartupPreloadPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = data.publicPath;
        const hints = startupFiles(compilation).map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: NAME },
          attributes: {
            rel: 'preload',
            as: file.endsWith('.css') ? 'style' : 'script',
            href: `${publicPath}${file}`,
          },
        }));
        data.headTags.push(...hints);
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin };
