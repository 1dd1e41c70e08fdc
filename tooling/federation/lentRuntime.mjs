/** Where the shell puts its federation bundler runtime for the remotes to take. */
export const BUNDLER_RUNTIME_GLOBAL = '_FEDERATION_BUNDLER_RUNTIME';
