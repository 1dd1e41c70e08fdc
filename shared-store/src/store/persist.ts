import { KEY_PREFIX, type PersistConfig, type PersistedState } from 'redux-persist';
import { PERSIST_TIMEOUT_MS } from '../constants';
import { highestStamp, readLines, toStamp, type CartLines } from '../features/cart/cartLines';
import {
  cartSlice,
  cartSynced,
  initialCartState,
  type CartState,
} from '../features/cart/cartSlice';
import { toPrice } from '../lib/money';
import { persistStorage } from '../session/storage';

/** The slices kept across visits, under the key 'root'; every other slice starts afresh. */
export const PERSISTED_SLICES = [
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

type PersistedSlice = (typeof PERSISTED_SLICES)[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validList(value: unknown, field: string): boolean {
  return isRecord(value) && Array.isArray(value[field]) && value[field].every(isRecord);
}

/**
 * Rebuilds a stored cart through the cart's own rules, so hostile numbers cannot survive; its
 * lines keep their stamps and its removals are remembered. A cart written before stamps existed
 * reads as stamp 0: anything a newer copy says wins over it.
 */
export function restoreCart(value: unknown): CartState | undefined {
  if (!isRecord(value) || !Array.isArray(value.cartData)) return undefined;
  const stored: unknown[] = value.cartData;
  const removals: unknown[] = Array.isArray(value.removedLines) ? value.removedLines : [];
  const { lines, removed: removedLines } = readLines([
    ...stored,
    ...removals.map((line) => (isRecord(line) ? { ...line, removed: true } : line)),
  ]);
  const text = (field: keyof CartState): string =>
    typeof value[field] === 'string' ? value[field] : '';
  const cart: CartLines = { lines, removed: removedLines };
  const restored: CartState = {
    ...initialCartState,
    couponName: text('couponName'),
    discountedCouponAmount: toPrice(value.discountedCouponAmount),
    discountedRewardAmount: toPrice(value.discountedRewardAmount),
    orderData: text('orderData'),
    silverDuration: text('silverDuration'),
    goldDuration: text('goldDuration'),
    ultimateDuration: text('ultimateDuration'),
    subscriptionId: text('subscriptionId'),
    courseDetails: text('courseDetails'),
    metaRevision: toStamp(value.metaRevision),
    epoch: toStamp(value.epoch),
    revision: Math.max(toStamp(value.revision), toStamp(value.metaRevision), highestStamp(cart)),
  };
  return cartSlice.reducer(restored, cartSynced(cart));
}

const validators: Record<PersistedSlice, (value: unknown) => unknown> = {
  homePageData: (v) => (validList(v, 'items') ? v : undefined),
  homeBannerData: (v) => (validList(v, 'items') ? v : undefined),
  homePartnerData: (v) => (validList(v, 'items') ? v : undefined),
  homeEventData: (v) => (validList(v, 'items') ? v : undefined),
  homeCourseData: (v) => (validList(v, 'items') ? v : undefined),
  headerMenuData: (v) => (validList(v, 'items') ? v : undefined),
  headerLogoData: (v) => (validList(v, 'items') ? v : undefined),
  loginData: (v) => (isRecord(v) && typeof v.loginData === 'boolean' ? v : undefined),
  cartData: restoreCart,
  subscriptionData: (v) => (validList(v, 'subscriptionData') ? v : undefined),
};

/**
 * Keeps each stored slice that has the right shape and drops the rest, so one bad slice never
 * costs the others (or the page).
 */
export function sanitizePersistedState(stored: unknown): Record<string, unknown> | undefined {
  if (!isRecord(stored)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const key of PERSISTED_SLICES) {
    const value = validators[key](stored[key]);
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

/** The persist key of the specification. */
export const PERSIST_KEY = 'root';
/** Where redux-persist keeps the stored state in localStorage ('persist:root'). */
export const STORED_STATE_KEY = `${KEY_PREFIX}${PERSIST_KEY}`;
/**
 * The stored state's version: 2 since cart lines carry stamps. Another tab writing a lower one
 * runs an older build, a higher one a newer build.
 */
export const PERSIST_VERSION = 2;

export function persistConfig<S>(): PersistConfig<S> {
  const config: PersistConfigWithDeserialize<S> = {
    key: PERSIST_KEY,
    version: PERSIST_VERSION,
    storage: persistStorage,
    whitelist: [...PERSISTED_SLICES],
    timeout: PERSIST_TIMEOUT_MS,
    deserialize: tolerantDeserialize,
    migrate: (state) => Promise.resolve(sanitizePersistedState(state) as PersistedState),
  };
  return config;
}
