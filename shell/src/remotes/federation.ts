import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteComponentModule } from 'shared-store';
import { loadRemotesConfig } from './remotesConfig';

/** Resolves once the remotes of the configuration are registered with the federation runtime. */
let registered: Promise<ReadonlySet<string>> | undefined;

function registerOnce(): Promise<ReadonlySet<string>> {
  registered ??= loadRemotesConfig().then((config) => {
    registerRemotes(Object.entries(config).map(([name, entry]) => ({ name, entry })));
    return new Set(Object.keys(config));
  });
  return registered;
}

/** Starts reading the configuration at once, before React renders anything. */
export function startRemoteDiscovery(): void {
  registerOnce().catch((error: unknown) => {
    console.error('Remotes could not be discovered:', error);
  });
}

/** Loads `remote/Module` (e.g. header/Header) as a React component module. */
export async function loadRemoteComponent(id: string): Promise<RemoteComponentModule> {
  const names = await registerOnce();
  const [remote = ''] = id.split('/');
  if (!names.has(remote)) throw new Error(`Remote "${remote}" is not configured.`);
  const module = await loadRemote<RemoteComponentModule>(id);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`Remote module "${id}" did not load.`);
  }
  return module;
}
