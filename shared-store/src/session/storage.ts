/**
 * Browser storage (the keys below) behind one safe wrapper: a localStorage that throws
 * (disabled, private mode, quota exceeded) degrades to memory for the rest of the visit.
 */

/** Every key the storefront writes outside the persisted store. */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'user_id',
  loginTimestamp: 'loginTimestamp',
  isAllowed: 'isAllowed',
  popupClosed: 'popupClosed',
  mcCid: 'mc_cid',
  mcEid: 'mc_eid',
} as const;

/** The subset of the Web Storage API the storefront uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  keys(): string[];
}

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => values.set(key, value),
    removeItem: (key) => values.delete(key),
    keys: () => [...values.keys()],
  };
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Wraps localStorage; the first failure switches to memory, keeping what is known so far in it.
 * `onLost` hears of it once: when there is no localStorage at all, or at the first failure.
 */
export function createSafeStorage(
  getBacking: () => Storage | undefined = browserStorage,
  onLost?: () => void,
) {
  const memory = memoryStorage();
  let backing = getBacking();
  if (!backing) onLost?.();

  function fallBack(): void {
    if (!backing) return;
    const failed = backing;
    backing = undefined;
    onLost?.();
    try {
      for (let i = 0; i < failed.length; i += 1) {
        const key = failed.key(i);
        const value = key === null ? null : failed.getItem(key);
        if (key !== null && value !== null) memory.setItem(key, value);
      }
    } catch {
      // Nothing more can be read from it; memory holds what was written since.
    }
  }

  function attempt<T>(withBacking: (storage: Storage) => T, orElse: () => T): T {
    if (backing) {
      try {
        return withBacking(backing);
      } catch {
        fallBack();
      }
    }
    return orElse();
  }

  const storage: KeyValueStorage = {
    getItem: (key) =>
      attempt(
        (s) => s.getItem(key),
        () => memory.getItem(key),
      ),
    setItem: (key, value) => {
      attempt(
        (s) => {
          s.setItem(key, value);
        },
        () => {
          memory.setItem(key, value);
        },
      );
    },
    removeItem: (key) => {
      attempt(
        (s) => {
          s.removeItem(key);
        },
        () => {
          memory.removeItem(key);
        },
      );
    },
    keys: () =>
      attempt(
        (s) => Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k) => k !== null),
        () => memory.keys(),
      ),
  };
  return storage;
}

let storageLost = false;
const lossListeners = new Set<() => void>();

/** The page's storage. */
export const safeStorage = createSafeStorage(browserStorage, () => {
  storageLost = true;
  // Told after the current task: the loss may be found inside a reducer (redux-persist reads the
  // storage while it handles PERSIST), where nothing may dispatch.
  queueMicrotask(() => {
    for (const listener of lossListeners) listener();
  });
});

/**
 * Calls `listener` once the page's storage is lost (at once if it already is): from then on what
 * the page keeps lasts only as long as the page. Answers a function that stops listening.
 */
export function onStorageLost(listener: () => void): () => void {
  if (storageLost) listener();
  else lossListeners.add(listener);
  return () => {
    lossListeners.delete(listener);
  };
}

/** redux-persist's async storage engine over the safe storage. */
export const persistStorage = {
  getItem: (key: string) => Promise.resolve(safeStorage.getItem(key)),
  setItem: (key: string, value: string) => {
    safeStorage.setItem(key, value);
    return Promise.resolve();
  },
  removeItem: (key: string) => {
    safeStorage.removeItem(key);
    return Promise.resolve();
  },
};

/** Takes mc_cid and mc_eid (email-campaign ids) from a URL query into storage. */
export function captureCampaignIds(search: string, storage: KeyValueStorage = safeStorage): void {
  const params = new URLSearchParams(search);
  for (const key of [STORAGE_KEYS.mcCid, STORAGE_KEYS.mcEid]) {
    const value = params.get(key);
    if (value) storage.setItem(key, value.slice(0, 200));
  }
}
