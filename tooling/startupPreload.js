'use strict';
/**
 * What the host runs at start, named in the host's page: the app chunk behind the entry's
 * `import('./bootstrap')` and the shared packages the host provides (the page uses the host's
 * copies; the fallbacks it would consume otherwise are not needed). Without these tags the browser
 * learns of the files only once main.js has run, one round trip later; with them they download
 * alongside main.js. Scripts get preload hints; the start-up styles are linked as style sheets, so
 * the page's own markup (the reserved layout in public/index.html) paints styled before any script
 * runs, and the chunk loader finds the sheet already there. Route pages and code loaded on demand
 * (toasts) are not included: a route's page is named by the gateway, for that route only, from
 * what PageCodePlugin (below) writes.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'StartupPreloadPlugin';

/**
 * The `type` (public on webpack's Module, reported as `moduleType` in stats) of the modules
 * @module-federation/enhanced adds for a provided shared package and for a consumed one's
 * fallback; its own manifest plugin reads the same two. StartupPreloadPlugin fails the host's
 * build, naming them, if its build has no provided module.
 */
const PROVIDED = 'provide-module';
const CONSUMED = 'consume-shared-module';

/**
 * Whether a chunk is loaded when the host starts: one of its groups was opened by the entry file
 * or by a provided shared module (or, with `orFallback`, by the fallback of a consumed one: the
 * same packages, which the host never loads from there).
 * @param {import('webpack').Chunk} chunk
 * @param {string} entryFile absolute path of the host's entry module
 * @param {{ orFallback?: boolean }} [options]
 */
function runsAtStartup(chunk, entryFile, { orFallback = false } = {}) {
  const types = new Set([PROVIDED, ...(orFallback ? [CONSUMED] : [])]);
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
    // The host shares packages: without a provided module in its build (child compilations,
    // such as the page template's, have none), runsAtStartup finds nothing, and the start-up
    // chunk and its hints silently go.
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.finishModules.tap(NAME, (modules) => {
        if ([...modules].some((module) => module.type === PROVIDED)) return;
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `${NAME}: the host's build has no module of type "${PROVIDED}": ` +
              '@module-federation/enhanced names its shared modules differently now; update ' +
              'PROVIDED and CONSUMED in tooling/startupPreload.js.',
          ),
        );
      });
    });
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

/** What the host's build writes for the gateway: each page's own code, by module. */
const PAGES_FILE = 'pages.json';

/**
 * Writes `pages.json`: for each page the host loads on demand (`import('./pages/SearchPage')`),
 * the files it needs beyond what runs at start, by module path under src/
 * (`{ "pages/SearchPage": ["44.86c372b8.js", "44.16c00398.css"] }`). The gateway hints them in
 * the page of that route, so they download with the shell's own code instead of after it.
 */
class PageCodePlugin {
  /**
   * @param {string} entryFile absolute path of the host's entry module
   * @param {string} pagesDir absolute path of the folder the host's pages live in
   */
  constructor(entryFile, pagesDir) {
    this.entryFile = entryFile;
    this.pagesDir = pagesDir;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PageCodePlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PageCodePlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const srcDir = path.dirname(this.entryFile);
          /** @type {Record<string, string[]>} */
          const pages = {};
          for (const group of compilation.chunkGroups) {
            if (group.isInitial()) continue;
            for (const { module, request } of group.origins) {
              const from = module?.nameForCondition();
              if (!from || !request?.startsWith('.')) continue;
              const page = path.resolve(path.dirname(from), request);
              if (path.dirname(page) !== this.pagesDir) continue;
              const key = path.relative(srcDir, page).split(path.sep).join('/');
              const files = new Set(pages[key]);
              for (const chunk of group.chunks) {
                if (chunk.canBeInitial() || runsAtStartup(chunk, this.entryFile)) continue;
                for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
              }
              pages[key] = [...files].sort();
            }
          }
          const sorted = Object.fromEntries(
            Object.entries(pages).sort(([a], [b]) => a.localeCompare(b)),
          );
          compilation.emitAsset(
            PAGES_FILE,
            new sources.RawSource(`${JSON.stringify(sorted, null, 2)}\n`),
          );
        },
      );
    });
  }
}

module.exports = { StartupPreloadPlugin, PageCodePlugin, runsAtStartup, CONSUMED };
