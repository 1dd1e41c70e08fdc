'use strict';
/**
 * The page contract (shared-store/src/page/contract.ts) as the build and the dev tools read it:
 * the remotes' names and dev ports come from there, and the shell's build emits it as
 * `page-contract.json` for the gateway, which serves the routes of the shell it serves.
 */
const fs = require('node:fs');

const CONTRACT_FILE = require.resolve('shared-store/page-contract.json');

/** The file the shell's build writes the contract to, beside its index.html. */
const PAGE_CONTRACT_FILE = 'page-contract.json';

/** @type {{ remotes: { name: string, devPort: number }[] } | undefined} */
let contract;

/** The contract as the file holds it, read once per process. */
function readPageContract() {
  contract ??= JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8'));
  return contract;
}

/** The remotes the storefront composes, by name (`header`, …). */
function remoteNames() {
  return readPageContract().remotes.map((remote) => remote.name);
}

/** The port a remote's dev server listens on (`npm run dev`). */
function devPortOf(name) {
  const remote = readPageContract().remotes.find((entry) => entry.name === name);
  if (!remote) throw new Error(`The page contract names no remote "${name}".`);
  return remote.devPort;
}

/** Emits the page contract into the shell's build, as the gateway reads it. */
class PageContractPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PageContractPlugin.name, (compilation) => {
      compilation.fileDependencies.add(CONTRACT_FILE);
      compilation.hooks.processAssets.tap(
        { name: PageContractPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            PAGE_CONTRACT_FILE,
            // Read afresh: in watch mode an edit of the contract rebuilds with the new one.
            new sources.RawSource(
              JSON.stringify(JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8'))),
            ),
          );
        },
      );
    });
  }
}

module.exports = { PAGE_CONTRACT_FILE, PageContractPlugin, devPortOf, remoteNames };
