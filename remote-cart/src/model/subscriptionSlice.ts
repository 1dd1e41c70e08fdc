import { injectSlice, type RootState, createSlice } from 'shared-store';
import { packageChosen, selectCart } from './cartSlice';
import { type Middleware, type PayloadAction } from '@reduxjs/toolkit';

/** One chosen subscription package. */
export interface SubscriptionEntry {
  slug: string;
  id: number | string;
}

/**
 * The subscription list: the packages chosen, kept under its own stored key (the storage
 * contract). Nothing on the page reads it; the cart keeps it in step with its package lines.
 */
export interface SubscriptionState {
  subscriptionData: SubscriptionEntry[];
}

const initialState: SubscriptionState = { subscriptionData: [] };

/** Adds the pair only when the same slug and id is not already listed. */
function add(state: SubscriptionState, { slug, id }: SubscriptionEntry): void {
  const known = state.subscriptionData.some((entry) => entry.slug === slug && entry.id === id);
  if (!known) state.subscriptionData.push({ slug, id });
}

const subscriptionSlice = createSlice({
  name: 'subscriptionData',
  initialState,
  reducers: {
    subscriptionsCleared(state) {
      state.subscriptionData = [];
    },
    /** Another tab's list taking the place of this one (tabMerge.ts decides what it is). */
    subscriptionsReplaced(state, action: PayloadAction<SubscriptionEntry[]>) {
      state.subscriptionData = action.payload.map(({ slug, id }) => ({ slug, id }));
    },
    /** Packages that left the cart leave the list. */
    packagesLeft(state, action: PayloadAction<readonly (number | string)[]>) {
      const gone = new Set(action.payload);
      state.subscriptionData = state.subscriptionData.filter((entry) => !gone.has(entry.id));
    },
  },
  extraReducers: (builder) => {
    // A package chosen on the shop's pages is listed.
    builder.addCase(packageChosen, (state, action) => {
      add(state, { slug: action.payload.slug, id: action.payload.product_id });
    });
  },
});

export const { subscriptionsCleared, subscriptionsReplaced } = subscriptionSlice.actions;
const { packagesLeft } = subscriptionSlice.actions;

function isEntry(value: unknown): value is SubscriptionEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { slug, id } = value as Record<string, unknown>;
  return typeof slug === 'string' && (typeof id === 'number' || typeof id === 'string');
}

/** A stored subscription list read back: its entries, anything else dropped; undefined if no list. */
export function restoreSubscriptions(value: unknown): SubscriptionState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const list: unknown = (value as Record<string, unknown>).subscriptionData;
  if (!Array.isArray(list)) return undefined;
  return {
    subscriptionData: list.filter(isEntry).map(({ slug, id }) => ({ slug, id })),
  };
}

injectSlice(subscriptionSlice, { restore: restoreSubscriptions });

/** The subscription list of a page's state (empty until its slice is there). */
export const selectSubscriptionList = (
  state: RootState & { subscriptionData?: SubscriptionState },
): SubscriptionEntry[] => state.subscriptionData?.subscriptionData ?? [];

/**
 * A package that leaves the cart (replaced, removed, paid for, or removed in another tab) leaves
 * the subscription list too.
 */
export const packagesFollowLines: Middleware<object, RootState> = (api) => (next) => (action) => {
  const before = selectCart(api.getState()).cartData;
  const result = next(action);
  const after = selectCart(api.getState()).cartData;
  if (before !== after) {
    const live = new Set(after.map((line) => line.id));
    const gone = before.filter((line) => !live.has(line.id)).map((line) => line.id);
    if (gone.length > 0) api.dispatch(packagesLeft(gone));
  }
  return result;
};
