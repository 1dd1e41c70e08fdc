import { STORED_STATE_KEY } from './persist';

/** The page's stored state as another tab wrote it: its version and each stored slice, parsed. */
export interface StoredState {
  /** The version the writing tab's build stores (0 for a state written before versions). */
  version: number;
  /** Each slice by its key; a slice whose text is not JSON reads as undefined. */
  slices: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `persist:root`'s text read as a stored state (redux-persist writes each slice as JSON text). */
function readStoredState(text: string): StoredState | undefined {
  const stored = parse(text);
  if (!isRecord(stored)) return undefined;
  const slices: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key !== '_persist') slices[key] = parse(value);
  }
  const meta = parse(stored._persist);
  const version = isRecord(meta) && typeof meta.version === 'number' ? meta.version : 0;
  return { version, slices };
}

/**
 * Listens for the page's stored state changed by another tab of the origin (localStorage's
 * `storage` events): `null` when it was removed (a session ended there, or the storage was
 * cleared), `undefined` when what was written cannot be read. Answers how to stop.
 */
export function onStoredStateChanged(
  listener: (stored: StoredState | null | undefined) => void,
  page: Window = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    try {
      if (event.storageArea !== page.localStorage) return;
    } catch {
      return;
    }
    // A null key: localStorage.clear() in another tab.
    if (event.key === null) listener(null);
    else if (event.key === STORED_STATE_KEY) {
      listener(event.newValue === null ? null : readStoredState(event.newValue));
    }
  };
  page.addEventListener('storage', onStorage);
  return () => {
    page.removeEventListener('storage', onStorage);
  };
}
