import { cartSlice } from '../features/cart/cartSlice';
import { makeStore, startPersistence } from './makeStore';
import { PERSISTED_SLICES, sanitizePersistedState } from './persist';

describe('persisted state', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('persists exactly the specification slices under persist:root', async () => {
    const store = makeStore({ persist: true });
    const persistor = await startPersistence(store);
    await persistor.flush();
    const stored = JSON.parse(window.localStorage.getItem('persist:root') ?? '{}') as object;
    expect(
      Object.keys(stored)
        .filter((key) => key !== '_persist')
        .sort(),
    ).toEqual([...PERSISTED_SLICES].sort());
  });

  it('what is still pending is written when the page goes away', async () => {
    const store = makeStore({ persist: true });
    await startPersistence(store);
    store.dispatch(
      cartSlice.actions.itemAdded({
        id: 7,
        slug: 'ukmla-akt',
        month: '3 Months',
        quantity: 1,
        price: 99,
      }),
    );
    window.dispatchEvent(new Event('pagehide'));
    // Synchronously: the next page reads localStorage before any timer of this one could run.
    const stored = JSON.parse(window.localStorage.getItem('persist:root') ?? '{}') as {
      cartData?: string;
    };
    expect(stored.cartData).toContain('ukmla-akt');
  });

  it('drops a slice of the wrong shape and keeps the others', () => {
    const kept = sanitizePersistedState({
      loginData: { loginData: 'yes' },
      subscriptionData: { subscriptionData: [{ slug: 'gold', id: 2 }] },
      cartData: {
        cartData: [{ id: 1, slug: 'a', month: '1 Month', quantity: 'NaN', price: 1e308 }, 'junk'],
      },
    });
    expect(kept).not.toHaveProperty('loginData');
    expect(kept?.subscriptionData).toEqual({ subscriptionData: [{ slug: 'gold', id: 2 }] });
    expect(kept?.cartData).toMatchObject({ cartData: [], totalQuantity: 0, totalAmount: 0 });
  });

  it('a stored coupon keeps its amount, so the total after a reload is the total before', () => {
    const kept = sanitizePersistedState({
      cartData: {
        cartData: [{ id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 50 }],
        couponName: 'WELCOME10',
        discountedCouponAmount: 10,
        discountedRewardAmount: '3',
      },
    });
    expect(kept?.cartData).toMatchObject({ couponName: 'WELCOME10', totalAmount: 37 });
  });

  it('a corrupted persist:root leaves a working store with the initial state', async () => {
    window.localStorage.setItem('persist:root', '{"cartData":"{not json"');
    const store = makeStore({ persist: true });
    await startPersistence(store);
    expect(store.getState().cartData.cartData).toEqual([]);
  });

  it('one corrupt slice does not cost the others', async () => {
    window.localStorage.setItem(
      'persist:root',
      JSON.stringify({
        cartData: '{broken',
        loginData: JSON.stringify({ loginData: true }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = makeStore({ persist: true });
    await startPersistence(store);
    expect(store.getState().loginData.loginData).toBe(true);
    expect(store.getState().cartData.cartData).toEqual([]);
  });
});
