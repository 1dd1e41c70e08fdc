import { combineSlices, configureStore, type EnhancedStore } from '@reduxjs/toolkit';
import { createSafeStorage } from '../../session/storage';
import { loginSlice, userLoggedIn, userLoggedOut, type LoginState } from '../login/loginSlice';
import { cartSlice, itemAdded, itemUpdated, type CartState } from './cartSlice';
import { CART_SAVE_DEBOUNCE_MS, createServerCartSync } from './serverCartSync';

function setup() {
  jest.useFakeTimers();
  const storage = createSafeStorage(() => undefined);
  storage.setItem('token', 'jwt');
  storage.setItem('user_id', '3');
  const save = jest.fn(() => Promise.resolve({}));
  const cartService = { save, load: jest.fn(), remove: jest.fn() };
  const store: EnhancedStore<{ cartData: CartState; loginData: LoginState }> = configureStore({
    reducer: combineSlices(cartSlice, loginSlice),
    middleware: (getDefault) =>
      getDefault().prepend(createServerCartSync({ cartService, storage })),
  });
  return { store, save };
}

const line = { id: 1, slug: 'plab', month: '1 Month', quantity: 1, price: 10 };

describe('server cart while logged in', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('saves the cart after changes settle: the last write wins', async () => {
    const { store, save } = setup();
    store.dispatch(userLoggedIn());
    store.dispatch(itemAdded(line));
    await jest.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS / 2);
    store.dispatch(itemUpdated(line));
    await jest.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('3', [expect.objectContaining({ quantity: 2 })], 'jwt');
  });

  it('saves nothing for a visitor', async () => {
    const { store, save } = setup();
    store.dispatch(itemAdded(line));
    await jest.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });

  it('a failed save keeps the local cart and logs the reason', async () => {
    const { store, save } = setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    save.mockRejectedValueOnce(new Error('down'));
    store.dispatch(userLoggedIn());
    store.dispatch(itemAdded(line));
    await jest.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS);
    expect(store.getState().cartData.totalQuantity).toBe(1);
    expect(console.error).toHaveBeenCalled();
    store.dispatch(userLoggedOut());
  });
});
