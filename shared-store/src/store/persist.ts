import { KEY_PREFIX, type PersistConfig, type PersistedState } from 'redux-persist';
import { PERSIST_TIMEOUT_MS } from '../constants';
import { persistStorage } from '../session/storage';
import { restoreClaimed } from './slices';

/**
 * The slices kept across visits, under the key 'root' (the storage contract every team's build
 * shares: a slice is written under its own key, which its team must keep); every other slice
 * starts afresh.
 */
const PERSISTED_SLICES = [
  'homePageData',
  'homeBannerData',
  'homePartnerData',
  'homeEventData',
  'homeCourseData',
  'headerMenuData',
  'headerLogoData',
  'loginData',
  'cartData',
  'subscriptionData',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Keeps each stored slice its team's rules can read (a slice whose team has not injected it yet
 * is kept as stored, for the team to read when it arrives) and drops the rest, so one bad slice
 * never costs the others (or the page).
 */
export function sanitizePersistedState(stored: unknown): Record<string, unknown> | undefined {
  if (!isRecord(stored)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const key of PERSISTED_SLICES) {
    if (!(key in stored)) continue;
    const value = restoreClaimed(key, stored[key]);
    if (value !== undefined) kept[key] = value;
  }
  if (isRecord(stored._persist)) kept._persist = stored._persist;
  return kept;
}

/** Parses one stored value; a corrupt one reads as absent instead of failing the whole restore. */
function tolerantDeserialize(serialized: string): unknown {
  try {
    return JSON.parse(serialized) as unknown;
  } catch {
    return undefined;
  }
}

/** redux-persist reads `deserialize` at run time but its types omit it. */
type PersistConfigWithDeserialize<S> = PersistConfig<S> & {
  deserialize: (serialized: string) => unknown;
};

/** The persist key. */
const PERSIST_KEY = 'root';
/** Where redux-persist keeps the stored state in localStorage ('persist:root'). */
export const STORED_STATE_KEY = `${KEY_PREFIX}${PERSIST_KEY}`;
/**
 * The stored state's version. 2: cart lines carry stamps. 3: each team's slices are read back by
 * the team's own code, injected into the store when it arrives (the stored shape did not change:
 * a state version 2 wrote is read as it is). Another tab writing a lower one runs an older build,
 * a higher one a newer build.
 */
export const PERSIST_VERSION = 3;

/**
 * How the page's state is kept. `onRead` is told the version of the stored state read back (0 for
 * a state written before versions existed).
 */
export function persistConfig<S>(
  onRead: (version: number) => void = () => undefined,
): PersistConfig<S> {
  const config: PersistConfigWithDeserialize<S> = {
    key: PERSIST_KEY,
    version: PERSIST_VERSION,
    storage: persistStorage,
    whitelist: [...PERSISTED_SLICES],
    timeout: PERSIST_TIMEOUT_MS,
    deserialize: tolerantDeserialize,
    migrate: (state) => {
      if (state) onRead(state._persist.version);
      return Promise.resolve(sanitizePersistedState(state) as PersistedState);
    },
  };
  return config;
}
