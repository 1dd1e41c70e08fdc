// node --test: what a remote's container starts its federation with (borrowBundlerRuntime.mjs),
// on a page whose shell lends its bundler runtime (provideBundlerRuntime.mjs) and on one whose
// shell does not.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
// A private file kept on purpose: lending the bundler runtime saves 15 KB per remote entry, and
// borrowBundlerRuntime.test.mjs fails when the file moves.
// eslint-disable-next-line no-restricted-imports
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import provideBundlerRuntime from './provideBundlerRuntime.mjs';
import { BUNDLER_RUNTIME_GLOBAL } from './lentRuntime.mjs';

let loads = 0;
/** A fresh evaluation of the module, as each remote entry on a page evaluates its own copy. */
const borrow = () => import(`./borrowBundlerRuntime.mjs?remote=${String((loads += 1))}`);

afterEach(() => {
  delete globalThis[BUNDLER_RUNTIME_GLOBAL];
});

test('on a shell that lends no bundler runtime, a remote fails to start, saying to update the shell', async () => {
  await assert.rejects(borrow(), {
    message:
      'This remote runs on the storefront shell’s federation runtime, and the page has none: update the shell first.',
  });
});

test('a remote runs on the runtime the shell lends, with its own init and container entry', async () => {
  const plugin = provideBundlerRuntime();
  const args = { options: {} };
  assert.equal(plugin.beforeInit(args), args);
  const lent = globalThis[BUNDLER_RUNTIME_GLOBAL];
  assert.ok(lent.bundlerRuntime, 'the shell lends its bundler runtime when it starts');

  const { default: federation } = await borrow();
  // The shell's copy of everything but the parts built per container.
  assert.equal(federation.bundlerRuntime.consumes, lent.bundlerRuntime.consumes);
  assert.equal(federation.bundlerRuntime.initContainerEntry, initContainerEntry);
  assert.equal(typeof federation.runtime.init, 'function');
  assert.equal(typeof lent.runtime.loadRemote, 'function');
  assert.equal(federation.runtime.loadRemote, lent.runtime.loadRemote);
  // Its options are its own: nothing of the shell's federation state.
  assert.deepEqual(federation.bundlerRuntimeOptions, {});
  // A second shell start (or a second shell instance) keeps the first copy lent.
  provideBundlerRuntime().beforeInit({ options: {} });
  assert.equal(globalThis[BUNDLER_RUNTIME_GLOBAL], lent);
});
