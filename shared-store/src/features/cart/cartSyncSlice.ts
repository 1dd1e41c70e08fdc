import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * How this tab's cart stands with the learner's account (the cart service), and whether this
 * page can keep anything at all. Not persisted: each tab knows its own.
 *
 * - `idle`: nothing to say (a visitor, or not tried yet)
 * - `saving`: a save is on its way
 * - `saved`: the account holds this cart
 * - `offline`: the browser is offline; the cart is kept here and saved when it is back
 * - `retrying`: the cart service did not answer; tried again with growing pauses
 * - `newer`: the account's cart was saved by a newer version of the shop; left as it is
 */
export type CartSyncStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'retrying' | 'newer';

/** A logout's progress: `failed` when the cart could not be saved and the learner must choose. */
export type LogoutStatus = 'idle' | 'saving' | 'failed';

export interface CartSyncState {
  status: CartSyncStatus;
  /** Browser storage refused a write (private mode, full quota): the page runs in memory. */
  storageLost: boolean;
  logout: LogoutStatus;
}

const initialState: CartSyncState = { status: 'idle', storageLost: false, logout: 'idle' };

export const cartSyncSlice = createSlice({
  name: 'cartSync',
  initialState,
  reducers: {
    syncStatusChanged(state, action: PayloadAction<CartSyncStatus>) {
      state.status = action.payload;
    },
    storageLost(state) {
      state.storageLost = true;
    },
    logoutStatusChanged(state, action: PayloadAction<LogoutStatus>) {
      state.logout = action.payload;
    },
  },
  selectors: {
    selectCartSyncStatus: (state) => state.status,
    selectStorageLost: (state) => state.storageLost,
    selectLogoutStatus: (state) => state.logout,
  },
});

export const { syncStatusChanged, storageLost, logoutStatusChanged } = cartSyncSlice.actions;
export const { selectCartSyncStatus, selectStorageLost, selectLogoutStatus } =
  cartSyncSlice.selectors;
