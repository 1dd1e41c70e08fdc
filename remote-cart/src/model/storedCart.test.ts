import { makeStore, startPersistence, userLoggedIn } from 'shared-store/testing';
import { MAX_REMOVED_LINES } from './cartLines';
import { cartModel } from './cartModel';
import {
  cartCopyMerged,
  couponApplied,
  courseDeleted,
  itemAdded,
  restoreCart,
  selectCart,
  selectCartItems,
  selectCoupon,
  selectDurations,
  selectRewardAmount,
  selectTotalAmount,
  selectTotalQuantity,
} from './cartSlice';
import buildBefore from './fixtures/persist-root-v2.json';
import { selectSubscriptionList, restoreSubscriptions } from './subscriptionSlice';
import { STORED_STATE_KEY } from 'shared-store/testing';

/**
 * What the build before the cart moved into its remote (stored state version 2) kept in
 * localStorage under persist:root, as it wrote it: its own persistence on a store where the course
 * page added PLAB 1 (3 months) twice, an event was added then removed, the Gold package was chosen
 * for 6 months, WELCOME10 (£10) and £5 of reward points were applied. The fixture is that text,
 * formatted: JSON.stringify gives it back byte for byte.
 */
const BUILD_BEFORE = JSON.stringify(buildBefore);

/** One slice of what localStorage holds under persist:root, as its JSON text. */
function storedSliceText(key: string): string | undefined {
  const stored = JSON.parse(window.localStorage.getItem(STORED_STATE_KEY) ?? '{}') as Record<
    string,
    string | undefined
  >;
  return stored[key];
}

/** A page load over what localStorage holds: the page's store, the cart connected. */
async function pageLoad() {
  const store = makeStore({ persist: true });
  cartModel.connect(store);
  const persistor = await startPersistence(store);
  return { store, persistor };
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('a cart saved by the build before this one', () => {
  it('is read back intact: lines, quantities, prices, coupon, reward, durations, removals and subscriptions', async () => {
    window.localStorage.setItem(STORED_STATE_KEY, BUILD_BEFORE);
    const { store, persistor } = await pageLoad();
    const state = store.getState();
    expect(selectCartItems(state)).toEqual([
      {
        id: 2103,
        slug: 'plab-1-online-course',
        month: '3 Months',
        quantity: 2,
        price: 19.99,
        title: 'PLAB 1',
        product_id: 3103,
        variation_id: 310303,
        rev: 2,
        at: 1,
      },
      {
        id: 3202,
        slug: 'membership',
        month: '6 Months',
        quantity: 1,
        price: 179.99,
        title: 'Gold Membership',
        tier: 'gold',
        product_id: 3202,
        variation_id: 320206,
        rev: 5,
        at: 5,
      },
    ]);
    expect(selectTotalQuantity(state)).toBe(3);
    expect(selectCoupon(state)).toEqual({ name: 'WELCOME10', amount: 10 });
    expect(selectRewardAmount(state)).toBe(5);
    expect(selectTotalAmount(state)).toBe(204.97);
    expect(selectDurations(state)).toEqual({ silver: '', gold: '6 Months', ultimate: '' });
    expect(selectCart(state).removedLines).toEqual([
      { id: 4001, month: '', from: 'event', rev: 4 },
    ]);
    expect(selectCart(state)).toMatchObject({ revision: 8, metaRevision: 8, epoch: 0 });
    expect(selectSubscriptionList(state)).toEqual([{ slug: 'gold-membership', id: 3202 }]);
    // Written back as this build's state: the same cart, the same list.
    await persistor.flush();
    const before = JSON.parse(BUILD_BEFORE) as Record<string, string>;
    // Its fixed coupon is written with the percentage this build keeps (0: not a percentage).
    expect(JSON.parse(storedSliceText('cartData') ?? '')).toEqual({
      ...(JSON.parse(before.cartData ?? '') as object),
      couponPercent: 0,
    });
    expect(storedSliceText('subscriptionData')).toBe(before.subscriptionData);
    persistor.pause();
  });

  it('goes on as a cart: the removed event does not come back from a copy of the time before', async () => {
    window.localStorage.setItem(STORED_STATE_KEY, BUILD_BEFORE);
    const { store, persistor } = await pageLoad();
    const stored = JSON.parse(BUILD_BEFORE) as Record<string, string>;
    const older = restoreCart({
      ...(JSON.parse(stored.cartData ?? '') as object),
      cartData: [
        {
          id: 4001,
          slug: 'plab-2-mock-day',
          month: '',
          quantity: 1,
          price: 150,
          from: 'event',
          rev: 3,
          at: 3,
        },
      ],
      removedLines: [],
    });
    if (!older) throw new Error('not a cart');
    store.dispatch(cartCopyMerged(older));
    expect(selectCartItems(store.getState()).map((line) => line.id)).toEqual([2103, 3202]);
    await persistor.flush();
    persistor.pause();
  });
});

describe('a state stored by a newer build of the shop', () => {
  /** The build before's state, as a newer build (version 4) would have left it. */
  function newerState(): string {
    const stored = JSON.parse(BUILD_BEFORE) as Record<string, string>;
    const cart = JSON.parse(stored.cartData ?? '') as Record<string, unknown>;
    return JSON.stringify({
      ...stored,
      cartData: JSON.stringify({ ...cart, giftWrap: { chosen: true } }),
      _persist: JSON.stringify({ version: 4, rehydrated: true }),
    });
  }

  it('is read as far as this build can, and kept as it is: never written over, whatever the learner does', async () => {
    const newer = newerState();
    window.localStorage.setItem(STORED_STATE_KEY, newer);
    const { store, persistor } = await pageLoad();
    expect(selectTotalQuantity(store.getState())).toBe(3);
    expect(selectCoupon(store.getState()).name).toBe('WELCOME10');
    store.dispatch(itemAdded({ id: 7, slug: 'ukmla', month: '1 Month', quantity: 1, price: 9 }));
    store.dispatch(courseDeleted({ id: 2103 }));
    store.dispatch(userLoggedIn());
    await persistor.flush();
    window.dispatchEvent(new Event('pagehide'));
    expect(window.localStorage.getItem(STORED_STATE_KEY)).toBe(newer);
    persistor.pause();
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
    const cart = selectCart(store.getState());
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

  it('a stored coupon keeps its amount, so the total after a reload is the total before', () => {
    const restored = restoreCart({
      cartData: [{ id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 50 }],
      couponName: 'WELCOME10',
      discountedCouponAmount: 10,
      discountedRewardAmount: '3',
    });
    expect(restored).toMatchObject({ couponName: 'WELCOME10', totalAmount: 37 });
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
    store.dispatch(cartCopyMerged(selectCart(newer.getState())));
    expect(selectCartItems(store.getState()).map((line) => [line.id, line.quantity])).toEqual([
      [1, 1],
    ]);
  });
});

describe('restoreSubscriptions', () => {
  it('keeps the entries and drops what is not one', () => {
    expect(
      restoreSubscriptions({
        subscriptionData: [{ slug: 'gold', id: 2 }, { slug: 5, id: 1 }, 'junk', { slug: 'x' }],
      }),
    ).toEqual({ subscriptionData: [{ slug: 'gold', id: 2 }] });
  });

  it.each([null, 'list', [], {}, { subscriptionData: 'gold' }])('%p is no list', (value) => {
    expect(restoreSubscriptions(value)).toBeUndefined();
  });
});
