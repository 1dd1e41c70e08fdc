import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { PAGE_CONTRACT, SHARED_STORE_VERSION, type RemoteComponentModule } from 'shared-store';
import { markLoadFailure, signal } from '../health/signals';
import { satisfies, sharedStoreRange } from './contract';
import { fetchRemotesConfig, loadRemotesConfig, type RemotesConfig } from './remotesConfig';

/** A page back in the foreground after this long reads the configuration again. */
export const STALE_CONFIG_AFTER_MS = 30 * 60 * 1000;

let config: Promise<RemotesConfig> | undefined;
const checked = new Map<string, Promise<void>>();
/**
 * Each manifest as the shell read it for its contract check (null: not a usable answer), by
 * absolute URL: the configuration may name it relative to the page, the runtime never does.
 */
const manifests = new Map<string, Promise<object | null>>();
const absolute = (url: string) => new URL(url, document.baseURI).href;

/** The manifests the page came with (the gateway's, by URL as configured), read once. */
let carried: Map<string, object> | undefined;

/** The manifest of `url` the page carries, taken once: a later read goes to the network. */
function takeCarriedManifest(url: string): object | undefined {
  if (!carried) {
    carried = new Map();
    try {
      const text = document.getElementById(PAGE_CONTRACT.markup.carriedManifestsId)?.textContent;
      const parsed: unknown = text ? JSON.parse(text) : {};
      if (typeof parsed === 'object' && parsed !== null) {
        for (const [key, body] of Object.entries(parsed as Record<string, unknown>)) {
          if (typeof body === 'object' && body !== null) carried.set(absolute(key), body);
        }
      }
    } catch (error) {
      console.warn('The manifests in the page could not be read; they are fetched instead.', error);
    }
  }
  const body = carried.get(absolute(url));
  carried.delete(absolute(url));
  return body;
}

function readManifest(url: string): Promise<object | null> {
  let manifest = manifests.get(absolute(url));
  if (!manifest) {
    const body = takeCarriedManifest(url);
    manifest = body
      ? Promise.resolve(body)
      : fetch(url).then(async (response) => {
          const fetched: unknown = response.ok ? await response.json() : null;
          return typeof fetched === 'object' ? fetched : null;
        });
    manifests.set(absolute(url), manifest);
  }
  return manifest;
}

/**
 * The runtime reads a manifest the shell has already read from the shell's copy instead of
 * asking the network again; anything else (a failed read included) it fetches itself, as usual.
 */
const reuseManifests: ModuleFederationRuntimePlugin = {
  name: 'storefront-reuse-manifests',
  fetch(url) {
    const manifest = manifests.get(absolute(url));
    if (!manifest) return undefined;
    return manifest.then((body) =>
      body
        ? new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
        : fetch(url),
    );
  },
};

/** Whether the page carries a style sheet inline (the gateway marks each with its file name). */
function carriedInline(url: string): boolean {
  const name = new URL(url, document.baseURI).pathname.split('/').pop() ?? '';
  const mark = PAGE_CONTRACT.markup.carriedStyleAttribute;
  return Array.from(document.querySelectorAll(`style[${mark}]`)).some(
    (style) => style.getAttribute(mark) === name,
  );
}

/**
 * A loading remote's style sheets, which the runtime links from its manifest, minus those the page
 * already carries inline: the page does not download them again.
 */
const skipCarriedStyles: ModuleFederationRuntimePlugin = {
  name: 'storefront-skip-carried-styles',
  beforePreloadRemote({ preloadOps }) {
    for (const preload of preloadOps) {
      const { filter } = preload;
      preload.filter = (url) => !carriedInline(url) && (filter?.(url) ?? true);
    }
  },
};

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
    for (const url of Object.values(changed)) {
      checked.delete(url);
      manifests.delete(absolute(url));
    }
  }
  config = Promise.resolve(fresh);
  return fresh;
}

/** Refuses a remote built against a shared-store contract this page does not provide. */
function checkContract(name: string, manifestUrl: string): Promise<void> {
  let check = checked.get(manifestUrl);
  if (!check) {
    check = readManifest(manifestUrl).then((manifest) => {
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

/** Whether a module a remote exposes is what its caller expects of it. */
export type ModuleCheck<T> = (module: unknown) => module is T;

async function load<T>(id: string, entries: RemotesConfig, isModule: ModuleCheck<T>): Promise<T> {
  const [remote = ''] = id.split('/');
  const manifestUrl = entries[remote];
  if (!manifestUrl) throw new Error(`Remote "${remote}" is not configured.`);
  await checkContract(remote, manifestUrl);
  const module = await loadRemote<unknown>(id);
  if (!isModule(module)) throw new Error(`Remote module "${id}" did not load.`);
  signal({ kind: 'loaded', remote, manifest: manifestUrl });
  return module;
}

/** A module whose default export is a React component. */
function isComponentModule(module: unknown): module is RemoteComponentModule {
  return (
    typeof module === 'object' &&
    module !== null &&
    typeof (module as { default?: unknown }).default === 'function'
  );
}

/** Starts reading the configuration at once, before React renders anything. */
export function startRemoteDiscovery(): void {
  registerPlugins([reuseManifests, skipCarriedStyles]);
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
 * Loads `remote/Module` (e.g. cart/model), refused unless `isModule` accepts it. When it fails (a
 * page that outlived a release asks for chunks that moved), the configuration is read again and
 * the load retried once with the live version.
 */
export async function loadRemoteModule<T>(id: string, isModule: ModuleCheck<T>): Promise<T> {
  const entries = await currentConfig();
  try {
    return await load(id, entries, isModule);
  } catch (error) {
    const [remote = ''] = id.split('/');
    const fresh = await refreshConfig().catch(() => entries);
    try {
      if (fresh[remote] === entries[remote]) throw error;
      return await load(id, fresh, isModule);
    } catch (failure) {
      // For the release-health report, by the version that failed.
      markLoadFailure(failure);
      signal({ kind: 'load-failed', remote, manifest: fresh[remote] ?? entries[remote] ?? '' });
      throw failure;
    }
  }
}

/** Loads `remote/Module` (e.g. header/Header) as a React component module (loadRemoteModule). */
export function loadRemoteComponent(id: string): Promise<RemoteComponentModule> {
  return loadRemoteModule(id, isComponentModule);
}
