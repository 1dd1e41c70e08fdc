import fs from 'node:fs';

/** Remote name -> manifest URL, what the shell reads at every page load. */
export type RemotesConfig = Record<string, string>;

/** The builds of the remotes named (the page contract's) served by this gateway under /remotes/<name>/. */
export function defaultRemotesConfig(remoteNames: string[]): RemotesConfig {
  return Object.fromEntries(remoteNames.map((name) => [name, `/remotes/${name}/mf-manifest.json`]));
}

function parse(text: string): RemotesConfig {
  const raw: unknown = JSON.parse(text);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error('not a JSON object');
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length === 0 || !entries.every(([, url]) => typeof url === 'string')) {
    throw new Error('every remote needs a manifest URL');
  }
  return Object.fromEntries(entries) as RemotesConfig;
}

/**
 * A JSON file of the shared deploy folder, read again when it changes (its modification time): a
 * file that is absent serves `initial`; a corrupt or half-written one keeps the last good value in
 * service, and `onError` is told why.
 */
export function watchedFile<T>(
  file: string | undefined,
  parse: (text: string) => T,
  initial: T,
  onError: (problem: string) => void,
) {
  let current = initial;
  let seenMtime = -1;
  return {
    get(): T {
      if (!file) return current;
      try {
        if (!fs.existsSync(file)) return current;
        const { mtimeMs } = fs.statSync(file);
        if (mtimeMs !== seenMtime) {
          seenMtime = mtimeMs;
          current = parse(fs.readFileSync(file, 'utf8'));
        }
      } catch (error) {
        onError(String(error));
      }
      return current;
    },
  };
}

/**
 * Reads the configuration file when it changes; a corrupt or half-written file keeps the last good
 * configuration in service. Nothing released yet: the builds beside the shell.
 */
export function createRemotesConfigSource(
  builds: RemotesConfig,
  file: string | undefined,
  onError: (message: string) => void,
) {
  return watchedFile(file, parse, builds, (problem) => {
    onError(
      `Remotes configuration ${String(file)} unusable, keeping the last good one: ${problem}`,
    );
  });
}

export type RemotesConfigSource = ReturnType<typeof createRemotesConfigSource>;
