import { injectSlice, type RootState, createSlice } from 'shared-store';
import { type PayloadAction } from '@reduxjs/toolkit';

/**
 * How this tab's cart stands with the learner's account (the cart service). Not persisted: each
 * tab knows its own.
 *
 * - `idle`: nothing to say (a visitor, or not tried yet)
 * - `saving`: a save is on its way
 * - `saved`: the account holds this cart
 * - `offline`: the browser is offline; the cart is kept here and saved when it is back
 * - `retrying`: the cart service did not answer; tried again with growing pauses
 * - `newer`: the account's cart was saved by a newer version of the shop; left as it is
 */
export type CartSyncStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'retrying' | 'newer';

export interface CartSyncState {
  status: CartSyncStatus;
}

const initialState: CartSyncState = { status: 'idle' };

const cartSyncSlice = createSlice({
  name: 'cartSync',
  initialState,
  reducers: {
    syncStatusChanged(state, action: PayloadAction<CartSyncStatus>) {
      state.status = action.payload;
    },
  },
  selectors: {
    selectCartSyncStatus: (state) => state.status,
  },
});

export const { syncStatusChanged } = cartSyncSlice.actions;

export const { selectCartSyncStatus } = injectSlice(cartSyncSlice).getSelectors(
  (state: RootState & { cartSync?: CartSyncState }) => state.cartSync,
);
