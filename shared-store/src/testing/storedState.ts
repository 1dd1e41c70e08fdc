import { act } from '@testing-library/react';
import { mountApp } from '../app/mountApp';
import type { AppStore } from '../store/makeStore';
import { PERSIST_VERSION, STORED_STATE_KEY } from '../store/persist';

/**
 * Writes the page's stored state as redux-persist writes it (each slice a JSON text in one object
 * under persist:root), at `version`: what a build of that version left on the device.
 */
export function writeStoredState(
  slices: Record<string, unknown>,
  version: number = PERSIST_VERSION,
): void {
  const stored: Record<string, string> = {};
  for (const [key, value] of Object.entries(slices)) stored[key] = JSON.stringify(value);
  stored._persist = JSON.stringify({ version, rehydrated: true });
  window.localStorage.setItem(STORED_STATE_KEY, JSON.stringify(stored));
}

/** The page's store as mountApp makes it: the stored state read back, nothing rendered. */
export async function mountedStore(): Promise<AppStore> {
  const container = document.createElement('div');
  let store: AppStore | undefined;
  await act(async () => {
    store = await mountApp(container, () => null);
  });
  if (!store) throw new Error('mountApp made no store');
  return store;
}
