import { createSlice } from '@reduxjs/toolkit';

/** Login state: one boolean, whether the visitor is logged in. */
interface LoginState {
  loginData: boolean;
}

const initialState: LoginState = { loginData: false };

export const loginSlice = createSlice({
  name: 'loginData',
  initialState,
  reducers: {
    userLoggedIn(state) {
      state.loginData = true;
    },
    userLoggedOut(state) {
      state.loginData = false;
    },
  },
  selectors: {
    selectIsLoggedIn: (state) => state.loginData,
  },
});

export const { userLoggedIn, userLoggedOut } = loginSlice.actions;
export const { selectIsLoggedIn } = loginSlice.selectors;
