/**
 * The cart's model away (its remote down, or slow), then arriving: this file imports none of the
 * cart's code until the test says it arrives.
 */
import { makeStore, startPersistence, userLoggedIn } from 'shared-store/testing';
import buildBefore from './fixtures/persist-root-v2.json';
import { STORED_STATE_KEY } from 'shared-store/testing';

/** What the build before this one stored (see storedCart.test.ts). */
const STORED = JSON.stringify(buildBefore);

/** One slice of what localStorage holds under persist:root, as its JSON text. */
function storedSliceText(key: string): string | undefined {
  const stored = JSON.parse(window.localStorage.getItem(STORED_STATE_KEY) ?? '{}') as Record<
    string,
    string | undefined
  >;
  return stored[key];
}

it('while the cart’s model is away its saved state stays untouched; when it arrives, the cart is read back intact', async () => {
  window.localStorage.setItem(STORED_STATE_KEY, STORED);
  const store = makeStore({ persist: true });
  const persistor = await startPersistence(store);
  // The page lives on without the cart: a login, the state written, the page left.
  store.dispatch(userLoggedIn());
  await persistor.flush();
  window.dispatchEvent(new Event('pagehide'));
  expect(storedSliceText('loginData')).toBe('{"loginData":true}');
  expect(storedSliceText('cartData')).toBe(buildBefore.cartData);
  expect(storedSliceText('subscriptionData')).toBe(buildBefore.subscriptionData);

  const { cartModel } = await import('./cartModel');
  const { selectCartItems, selectCoupon, selectDurations, selectRewardAmount } =
    await import('./cartSlice');
  const { selectSubscriptionList } = await import('./subscriptionSlice');
  cartModel.connect(store);
  const state = store.getState();
  expect(cartModel.selectTotalQuantity(state)).toBe(3);
  expect(selectCartItems(state).map((line) => [line.id, line.quantity, line.price])).toEqual([
    [2103, 2, 19.99],
    [3202, 1, 179.99],
  ]);
  expect(selectCoupon(state)).toEqual({ name: 'WELCOME10', amount: 10 });
  expect(selectRewardAmount(state)).toBe(5);
  expect(selectDurations(state).gold).toBe('6 Months');
  expect(selectSubscriptionList(state)).toEqual([{ slug: 'gold-membership', id: 3202 }]);
  await persistor.flush();
  persistor.pause();
});
