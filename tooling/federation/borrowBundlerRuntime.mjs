/**
 * What a remote's container starts its federation with, in place of its own copy of
 * `@module-federation/webpack-bundler-runtime` (tooling/index.js swaps this file in): the shell's
 * copy (`provideBundlerRuntime.mjs`), with the two parts that are built per container kept here.
 * - `init` of `@module-federation/runtime`: it finds a container's instance by the build's own
 *   identifier (FEDERATION_BUILD_IDENTIFIER, compiled in); the shell's copy would find the shell's.
 * - `initContainerEntry`: left out of a build that exposes nothing, such as the shell's.
 */
import { init } from '@module-federation/runtime';
// A private file kept on purpose: lending the bundler runtime saves 15 KB per remote entry, and
// borrowBundlerRuntime.test.mjs fails when the file moves.
// eslint-disable-next-line no-restricted-imports
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_GLOBAL } from './lentRuntime.mjs';

const lent = globalThis[BUNDLER_RUNTIME_GLOBAL];
if (!lent?.bundlerRuntime) {
  // A shell older than this way of building remotes: the remote fails to load, and the shell
  // shows its fallback. Ship the shell first.
  throw new Error(
    'This remote runs on the storefront shell’s federation runtime, and the page has none: update the shell first.',
  );
}

export default {
  ...lent,
  runtime: { ...lent.runtime, init },
  bundlerRuntime: { ...lent.bundlerRuntime, initContainerEntry },
  bundlerRuntimeOptions: {},
};
