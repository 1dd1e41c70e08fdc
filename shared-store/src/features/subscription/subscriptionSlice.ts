import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** One chosen subscription package. */
export interface SubscriptionEntry {
  slug: string;
  id: number | string;
}

export interface SubscriptionState {
  subscriptionData: SubscriptionEntry[];
}

const initialState: SubscriptionState = { subscriptionData: [] };

export const subscriptionSlice = createSlice({
  name: 'subscriptionData',
  initialState,
  reducers: {
    /** Adds the pair only when the same slug and id is not already listed. */
    subscriptionAdded(state, action: PayloadAction<SubscriptionEntry>) {
      const { slug, id } = action.payload;
      const known = state.subscriptionData.some((entry) => entry.slug === slug && entry.id === id);
      if (!known) state.subscriptionData.push({ slug, id });
    },
    subscriptionsCleared(state) {
      state.subscriptionData = [];
    },
    /** Another tab's list taking the place of this one (tabSync.ts decides what it is). */
    subscriptionsReplaced(state, action: PayloadAction<SubscriptionEntry[]>) {
      state.subscriptionData = action.payload.map(({ slug, id }) => ({ slug, id }));
    },
  },
  selectors: {
    selectSubscriptions: (state) => state.subscriptionData,
  },
});

export const { subscriptionAdded, subscriptionsCleared, subscriptionsReplaced } =
  subscriptionSlice.actions;
export const { selectSubscriptions } = subscriptionSlice.selectors;
