'use strict';
/**
 * What the host runs at start, named in the host's page: the app chunk behind the entry's
 * `import('./bootstrap')` and the shared packages the host provides (the page uses the host's
 * copies; the fallbacks it would consume otherwise are not needed). Without these tags the browser
 * learns of the files only once main.js has run, one round trip later; with them they download
 * alongside main.js. Scripts get preload hints; the start-up styles are linked as style sheets, so
 * the page's own markup (the reserved layout in public/index.html) paints styled before any script
 * runs, and the chunk loader finds the sheet already there. Route pages and code loaded on demand
 * (toasts) are not included.
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'StartupPreloadPlugin';

/**
 * Whether a chunk is loaded when the host starts: one of its groups was opened by the entry file
 * or by a provided shared module (or, with `orFallback`, by the fallback of a consumed one: the
 * same packages, which the host never loads from there).
 * @param {import('webpack').Chunk} chunk
 * @param {string} entryFile absolute path of the host's entry module
 * @param {{ orFallback?: boolean }} [options]
 */
function runsAtStartup(chunk, entryFile, { orFallback = false } = {}) {
  const types = new Set(['provide-module', ...(orFallback ? ['consume-shared-module'] : [])]);
  for (const group of chunk.groupsIterable) {
    if (group.isInitial()) continue;
    const opened = group.origins.some(({ module }) => {
      if (!module) return false;
      return types.has(module.type) || module.nameForCondition() === entryFile;
    });
    if (opened) return true;
  }
  return false;
}

class StartupPreloadPlugin {
  /** @param {string} entryFile absolute path of the host's entry module */
  constructor(entryFile) {
    this.entryFile = entryFile;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      const hooks = HtmlWebpackPlugin.getCompilationHooks(compilation);
      // The entry is what everything else waits for: fetched first, not at a deferred script's
      // low priority behind the files it will load.
      hooks.alterAssetTags.tap(NAME, (data) => {
        for (const tag of data.assetTags.scripts) {
          if (tag.attributes.src === `${data.publicPath}main.js`)
            tag.attributes.fetchpriority = 'high';
        }
        return data;
      });
      hooks.alterAssetTagGroups.tap(NAME, (data) => {
        const files = new Set();
        for (const chunk of compilation.chunks) {
          if (!runsAtStartup(chunk, this.entryFile)) continue;
          for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
        }
        const hints = [...files].sort().map((file) => {
          const href = `${data.publicPath}${file}`;
          return {
            tagName: 'link',
            voidTag: true,
            meta: { plugin: NAME },
            attributes: file.endsWith('.css')
              ? { rel: 'stylesheet', href }
              : { rel: 'preload', as: 'script', href },
          };
        });
        data.headTags.push(...hints);
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin, runsAtStartup };
