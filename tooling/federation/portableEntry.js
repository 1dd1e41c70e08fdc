'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const NAME = 'PortableFederationEntryPlugin';

/** The federation runtime's entry as @module-federation/enhanced writes it. */
const FEDERATION_ENTRY = /[\\/]\.federation[\\/]entry\.[0-9a-f]+\.js$/;

/** An import of the entry's text: `import x from '<file>';` */
const IMPORT = /(\bfrom\s+|\bimport\s+)'([^']+)'/g;

/**
 * `file` as a request relative to the folder `from` (`./x`, `../x`), with forward slashes.
 * @param {string} from
 * @param {string} file
 */
function relativeRequest(from, file) {
  const relative = path.relative(from, file).split(path.sep).join('/');
  return relative.startsWith('../') ? relative : `./${relative}`;
}

/**
 * A copy of the entry beside it whose imports are relative to it, named after its text.
 * @param {string} file
 */
function portableCopy(file) {
  const dir = path.dirname(file);
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(IMPORT, (whole, keyword, target) =>
      path.isAbsolute(target) ? `${keyword}'${relativeRequest(dir, target)}'` : whole,
    );
  const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 32);
  const copy = path.join(dir, `portable.${hash}.js`);
  if (!fs.existsSync(copy)) fs.writeFileSync(copy, text);
  return copy;
}

/**
 * @module-federation/enhanced writes the federation runtime's entry module to
 * <cwd>/node_modules/.federation/entry.<hash>.js: it imports the runtime (and the host's runtime
 * plugins) by their absolute paths, and its name is a hash of that text. The module's name, so its
 * id in remoteEntry.js, the chunks' hashes and the source maps changed with the folder the
 * repository was checked out in, and two checkouts of one commit released two versions. Webpack is
 * handed a copy beside it whose imports are relative, named after its own text: the same wherever
 * the repository is.
 */
class PortableFederationEntryPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap(NAME, (factory) => {
      factory.hooks.beforeResolve.tap(NAME, (data) => {
        if (FEDERATION_ENTRY.test(data.request)) data.request = portableCopy(data.request);
      });
    });
    // The container's entry module names the entry too, in its identifier (from which its id is
    // made): its dependency is handed the copy, relative to the build's folder, as it is added.
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.addEntry.tap(NAME, (dependency) => {
        const container = /** @type {{ injectRuntimeEntry?: unknown }} */ (dependency);
        if (
          typeof container.injectRuntimeEntry === 'string' &&
          FEDERATION_ENTRY.test(container.injectRuntimeEntry)
        ) {
          container.injectRuntimeEntry = relativeRequest(
            compiler.context,
            portableCopy(container.injectRuntimeEntry),
          );
        }
      });
    });
  }
}

module.exports = { PortableFederationEntryPlugin };
