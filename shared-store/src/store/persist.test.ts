import { MAX_REMOVED_LINES } from '../features/cart/cartLines';
import { cartSlice, couponApplied, courseDeleted, itemAdded } from '../features/cart/cartSlice';
import { makeStore, startPersistence } from './makeStore';
import { PERSISTED_SLICES, restoreCart, sanitizePersistedState } from './persist';

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

describe('restoreCart', () => {
  const lineA = { id: 1, slug: 'plab-1', month: '1 Month', quantity: 2, price: 49.99 };
  const lineB = { id: 2, slug: 'msra', month: '6 Months', quantity: 1, price: 199 };

  it('keeps the stamps, the removals and the clocks: the cart comes back as it was', () => {
    const store = makeStore();
    store.dispatch(itemAdded(lineA));
    store.dispatch(itemAdded(lineB));
    store.dispatch(itemAdded({ ...lineA, month: '3 Months', price: 119 }));
    store.dispatch(courseDeleted({ id: 2 }));
    store.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME5' }));
    const cart = store.getState().cartData;
    expect(cart.removedLines).toEqual([{ id: 2, month: '6 Months', rev: 4 }]);
    expect(cart.revision).toBe(5);
    expect(cart.metaRevision).toBe(5);
    expect(restoreCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
  });

  it('bounds hostile values', () => {
    const restored = restoreCart({
      cartData: [
        { ...lineA, price: 1e12, quantity: 1e9, rev: 2 ** 60, at: -4 },
        { ...lineB, quantity: -5 },
        { ...lineB, id: { toString: 'x' } },
        { ...lineB, id: 'x'.repeat(10_000) },
        'junk',
      ],
      removedLines: [
        ...Array.from({ length: 500 }, (_, i) => ({ id: 1000 + i, month: '', rev: i + 1 })),
        'junk',
        { id: 'y'.repeat(10_000), month: '', rev: 900 },
      ],
      revision: 1e300,
      metaRevision: -7,
      couponName: 42,
      discountedCouponAmount: 'lots',
      discountedRewardAmount: 1e12,
      totalAmount: 1e12,
      totalQuantity: -1,
      orderData: { id: 1 },
    });
    if (!restored) throw new Error('not restored');
    expect(restored.cartData).toEqual([
      { id: 1, slug: 'plab-1', month: '1 Month', quantity: 999, price: 1_000_000 },
    ]);
    expect(restored.removedLines).toHaveLength(MAX_REMOVED_LINES);
    expect(restored.removedLines[0]).toEqual({ id: 1499, month: '', rev: 500 });
    expect(Math.min(...restored.removedLines.map((r) => r.rev))).toBe(301);
    expect(restored).toMatchObject({
      revision: 500,
      metaRevision: 0,
      couponName: '',
      discountedCouponAmount: 0,
      discountedRewardAmount: 1_000_000,
      orderData: '',
      // The totals follow the lines, whatever was stored.
      totalQuantity: 999,
      totalAmount: 998_000_000,
    });
  });

  it.each([null, 'cart', [], {}, { cartData: 'lines' }])('%p is no cart', (value) => {
    expect(restoreCart(value)).toBeUndefined();
  });

  it('reads a cart written before stamps (no rev) as stamp 0: any newer change wins over it', () => {
    const restored = restoreCart({
      cartData: [lineA, lineB],
      couponName: 'OLD',
      discountedCouponAmount: 5,
    });
    if (!restored) throw new Error('not restored');
    expect(restored.cartData.map((line) => line.rev)).toEqual([undefined, undefined]);
    expect(restored).toMatchObject({ revision: 0, metaRevision: 0, totalAmount: 293.98 });

    const store = makeStore({ preloadedState: { cartData: restored } });
    const newer = makeStore();
    newer.dispatch(itemAdded(lineB));
    newer.dispatch(courseDeleted({ id: 2 }));
    newer.dispatch(itemAdded({ ...lineA, quantity: 1 }));
    store.dispatch(cartSlice.actions.cartCopyMerged(newer.getState().cartData));
    expect(store.getState().cartData.cartData.map((line) => [line.id, line.quantity])).toEqual([
      [1, 1],
    ]);
  });
});
