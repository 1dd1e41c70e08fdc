import type { PersistConfig, PersistedState } from 'redux-persist';
import { PERSIST_TIMEOUT_MS } from '../constants';
import {
  cartRestored,
  cartSlice,
  initialCartState,
  type CartState,
} from '../features/cart/cartSlice';
import { toDiscount } from '../lib/money';
import { persistStorage } from '../session/storage';

/** The slices kept across visits (spec section 3), under the key 'root'. */
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

/** Rebuilds a stored cart through the cart's own rules, so hostile numbers cannot survive. */
function restoreCart(value: unknown): CartState | undefined {
  if (!isRecord(value) || !Array.isArray(value.cartData)) return undefined;
  const lines = value.cartData.filter(
    (line): line is Record<string, unknown> & { id: number | string } =>
      isRecord(line) && (typeof line.id === 'number' || typeof line.id === 'string'),
  );
  const text = (field: keyof CartState): string =>
    typeof value[field] === 'string' ? value[field] : '';
  const restored = cartSlice.reducer(
    {
      ...initialCartState,
      couponName: text('couponName'),
      discountedCouponAmount: toDiscount(value.discountedCouponAmount),
      discountedRewardAmount: toDiscount(value.discountedRewardAmount),
      orderData: text('orderData'),
      silverDuration: text('silverDuration'),
      goldDuration: text('goldDuration'),
      ultimateDuration: text('ultimateDuration'),
      subscriptionId: text('subscriptionId'),
      courseDetails: text('courseDetails'),
    },
    cartRestored(
      lines.map((line) => ({
        id: line.id,
        slug: typeof line.slug === 'string' ? line.slug : '',
        month: typeof line.month === 'string' ? line.month : '',
        quantity: line.quantity,
        price: line.price,
        ...(typeof line.title === 'string' ? { title: line.title } : {}),
        ...(line.from === 'event' ? { from: 'event' } : {}),
        product_id: line.product_id,
        variation_id: line.variation_id,
        ...(typeof line.tier === 'string' ? { tier: line.tier } : {}),
      })),
    ),
  );
  return restored;
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

export function persistConfig<S>(): PersistConfig<S> {
  const config: PersistConfigWithDeserialize<S> = {
    key: 'root',
    version: 1,
    storage: persistStorage,
    whitelist: [...PERSISTED_SLICES],
    timeout: PERSIST_TIMEOUT_MS,
    deserialize: tolerantDeserialize,
    migrate: (state) => Promise.resolve(sanitizePersistedState(state) as PersistedState),
  };
  return config;
}
