import { makeStore } from '../store/makeStore';
import { selectIsLoggedIn, userLoggedIn } from './loginSlice';
import {
  logoutStatusChanged,
  selectLogoutStatus,
  selectStorageLost,
  storageLost,
} from './sessionStatusSlice';

describe('this page’s session as the screens show it', () => {
  it('starts logged out, with storage and no logout under way', () => {
    const state = makeStore().getState();
    expect(selectIsLoggedIn(state)).toBe(false);
    expect(selectLogoutStatus(state)).toBe('idle');
    expect(selectStorageLost(state)).toBe(false);
  });

  it('follows the login, a logout’s progress and a storage the browser refuses', () => {
    const store = makeStore();
    store.dispatch(userLoggedIn());
    store.dispatch(logoutStatusChanged('failed'));
    store.dispatch(storageLost());
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(selectLogoutStatus(store.getState())).toBe('failed');
    expect(selectStorageLost(store.getState())).toBe(true);
  });
});
