/**
 * Runtime plugin of the shell: lends its copy of the federation's bundler runtime to the remotes,
 * which are built without one (`borrowBundlerRuntime.mjs`), as the runtime core is lent by
 * `@module-federation/inject-external-runtime-core-plugin`. It runs when the shell's federation
 * instance starts, before any remote entry can load.
 */
import federation from '@module-federation/webpack-bundler-runtime/bundler';
import { BUNDLER_RUNTIME_GLOBAL } from './lentRuntime.mjs';

/** @returns {import('@module-federation/enhanced/runtime').ModuleFederationRuntimePlugin} */
export default function provideBundlerRuntime() {
  return {
    name: 'storefront-provide-bundler-runtime',
    beforeInit(args) {
      // The module's own object, never the shell's federation state: a remote copies what it
      // needs into its own.
      globalThis[BUNDLER_RUNTIME_GLOBAL] ??= federation;
      return args;
    },
  };
}
