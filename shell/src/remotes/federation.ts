import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { SHARED_STORE_VERSION, type RemoteComponentModule } from 'shared-store';
import { satisfies, sharedStoreRange } from './contract';
import { fetchRemotesConfig, loadRemotesConfig, type RemotesConfig } from './remotesConfig';

/** A page back in the foreground after this long reads the configuration again. */
export const STALE_CONFIG_AFTER_MS = 30 * 60 * 1000;

let config: Promise<RemotesConfig> | undefined;
const checked = new Map<string, Promise<void>>();

function register(entries: RemotesConfig, force = false): void {
  registerRemotes(
    Object.entries(entries).map(([name, entry]) => ({ name, entry })),
    { force },
  );
}

function currentConfig(): Promise<RemotesConfig> {
  config ??= loadRemotesConfig().then((loaded) => {
    register(loaded);
    return loaded;
  });
  return config;
}

/** Reads the live configuration again; remotes whose version changed are registered anew. */
async function refreshConfig(): Promise<RemotesConfig> {
  const [previous, fresh] = await Promise.all([currentConfig(), fetchRemotesConfig()]);
  const changed = Object.fromEntries(
    Object.entries(fresh).filter(([name, entry]) => previous[name] !== entry),
  );
  if (Object.keys(changed).length > 0) {
    register(changed, true);
    for (const url of Object.values(changed)) checked.delete(url);
  }
  config = Promise.resolve(fresh);
  return fresh;
}

/** Refuses a remote built against a shared-store contract this page does not provide. */
function checkContract(name: string, manifestUrl: string): Promise<void> {
  let check = checked.get(manifestUrl);
  if (!check) {
    check = fetch(manifestUrl)
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .then((manifest) => {
        const range = sharedStoreRange(manifest);
        if (range && !satisfies(SHARED_STORE_VERSION, range)) {
          throw new Error(
            `Remote "${name}" was built for shared-store ${range}, but this page runs shared-store ${SHARED_STORE_VERSION}: showing its fallback.`,
          );
        }
      });
    checked.set(manifestUrl, check);
  }
  return check;
}

async function load(id: string, entries: RemotesConfig): Promise<RemoteComponentModule> {
  const [remote = ''] = id.split('/');
  const manifestUrl = entries[remote];
  if (!manifestUrl) throw new Error(`Remote "${remote}" is not configured.`);
  await checkContract(remote, manifestUrl);
  const module = await loadRemote<RemoteComponentModule>(id);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`Remote module "${id}" did not load.`);
  }
  return module;
}

/** Starts reading the configuration at once, before React renders anything. */
export function startRemoteDiscovery(): void {
  currentConfig().catch((error: unknown) => {
    console.error('Remotes could not be discovered:', error);
  });
  let hiddenSince = 0;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      hiddenSince = Date.now();
    } else if (hiddenSince && Date.now() - hiddenSince > STALE_CONFIG_AFTER_MS) {
      refreshConfig().catch((error: unknown) => {
        console.error('The remotes configuration could not be refreshed:', error);
      });
    }
  });
}

/**
 * Loads `remote/Module` (e.g. header/Header) as a React component module. When it fails (a page
 * that outlived a release asks for chunks that moved), the configuration is read again and the
 * load retried once with the live version.
 */
export async function loadRemoteComponent(id: string): Promise<RemoteComponentModule> {
  const entries = await currentConfig();
  try {
    return await load(id, entries);
  } catch (error) {
    const [remote = ''] = id.split('/');
    const fresh = await refreshConfig().catch(() => entries);
    if (fresh[remote] === entries[remote]) throw error;
    return load(id, fresh);
  }
}
