import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A logout's progress: `failed` when what must be saved first could not be, and the learner must choose. */
export type LogoutStatus = 'idle' | 'saving' | 'failed';

/** This page's session and storage as the screens show them. Not persisted: each tab knows its own. */
interface SessionStatusState {
  logout: LogoutStatus;
  /** Browser storage refused a write (private mode, full quota): the page runs in memory. */
  storageLost: boolean;
}

const initialState: SessionStatusState = { logout: 'idle', storageLost: false };

export const sessionStatusSlice = createSlice({
  name: 'sessionStatus',
  initialState,
  reducers: {
    logoutStatusChanged(state, action: PayloadAction<LogoutStatus>) {
      state.logout = action.payload;
    },
    storageLost(state) {
      state.storageLost = true;
    },
  },
  selectors: {
    selectLogoutStatus: (state) => state.logout,
    selectStorageLost: (state) => state.storageLost,
  },
});

export const { logoutStatusChanged, storageLost } = sessionStatusSlice.actions;
export const { selectLogoutStatus, selectStorageLost } = sessionStatusSlice.selectors;
