import { makeStore, mockFetch } from 'shared-store/testing';
import { cartModel } from './cartModel';
import {
  cartCleared,
  cartCopyMerged,
  cartReset,
  initialCartState,
  orderAbandoned,
  orderPaid,
  orderPlaced,
  selectPendingOrder,
  cartLightCleared,
  couponApplied,
  couponRemoved,
  courseDeleted,
  durationSet,
  itemAdded,
  itemUpdated,
  linePricesChanged,
  packageReplaced,
  priceReduced,
  rewardApplied,
  rewardRemoved,
  selectCartItems,
  selectCoupon,
  selectDurations,
  selectRewardAmount,
  selectSubtotal,
  selectTotalAmount,
  selectTotalQuantity,
  totalSet,
  packageChosen,
  selectCart,
  PACKAGE_SLUG,
  type CartItemInput,
} from './cartSlice';
import { selectSubscriptionList } from './subscriptionSlice';

/** A store with the cart's rules connected (as the shell connects them), holding the lines. */
function cartWith(...lines: CartItemInput[]) {
  const store = makeStore();
  cartModel.connect(store);
  for (const line of lines) store.dispatch(itemAdded(line));
  return store;
}

/** A store whose cart holds the lines and `orderData` as it was stored (by another build, say). */
function storedWithOrderData(orderData: string, ...lines: CartItemInput[]) {
  const cart = selectCart(cartWith(...lines).getState());
  return makeStore({ preloadedState: { cartData: { ...cart, orderData } } });
}

const plab = { id: 1, slug: 'plab-1', month: '1 Month', quantity: 1, price: 49.99 };
const event = { id: 9, slug: 'mock-day', month: '', quantity: 1, price: 150, from: 'event' };
const silverPackage = {
  id: 20,
  slug: PACKAGE_SLUG,
  month: '3 Months',
  quantity: 1,
  price: 99,
  tier: 'silver',
};
/** The silver package as its card on the home page chooses it. */
const silverChoice = {
  product_id: 20,
  slug: 'silver-membership',
  title: 'Silver',
  tier: 'silver' as const,
  month: '3 Months',
  price: 99,
  variation_id: 2003,
};

describe('add', () => {
  it('3 x 19.99 totals exactly 59.97', () => {
    const store = cartWith({ ...plab, quantity: 3, price: 19.99 });
    expect(selectTotalAmount(store.getState())).toBe(59.97);
    expect(selectTotalQuantity(store.getState())).toBe(3);
  });

  it('the first add prices the total as the item price times the total quantity', () => {
    const store = cartWith({ ...plab, quantity: 2, price: '12.50' });
    expect(selectTotalAmount(store.getState())).toBe(25);
  });

  it('later adds total the sum of quantity x price over every line', () => {
    const store = cartWith(plab, { ...plab, id: 2, price: 0.1 }, { ...plab, id: 3, price: 0.2 });
    expect(selectTotalAmount(store.getState())).toBe(50.29);
  });

  it('a quantity of 0 adds nothing', () => {
    expect(selectCartItems(cartWith({ ...plab, quantity: 0 }).getState())).toEqual([]);
  });
});

describe('update', () => {
  it('matches by id plus month for courses: another month is another line', () => {
    const store = cartWith(plab);
    store.dispatch(itemUpdated({ ...plab, month: '3 Months', price: 119.99 }));
    expect(selectCartItems(store.getState())).toHaveLength(2);
  });

  it('matches events by id alone', () => {
    const store = cartWith(event);
    store.dispatch(itemUpdated({ ...event, month: 'anything' }));
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({ id: 9, quantity: 2 }),
    ]);
  });

  it("type 'decrease' lowers the quantity, never below QUANTITY_FLOOR (0: the line goes)", () => {
    const store = cartWith({ ...plab, quantity: 2 });
    store.dispatch(itemUpdated({ ...plab, quantity: 1, type: 'decrease' }));
    expect(selectTotalQuantity(store.getState())).toBe(1);
    store.dispatch(itemUpdated({ ...plab, quantity: 5, type: 'decrease' }));
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectTotalAmount(store.getState())).toBe(0);
  });

  it('no match and a quantity above 0 appends the item', () => {
    const store = makeStore();
    store.dispatch(itemUpdated(plab));
    expect(selectCartItems(store.getState())).toHaveLength(1);
  });

  it('a non-numeric quantity is treated as 0', () => {
    const store = cartWith(plab);
    store.dispatch(itemUpdated({ ...plab, quantity: 'lots' }));
    expect(selectTotalQuantity(store.getState())).toBe(1);
    store.dispatch(itemUpdated({ ...plab, id: 5, quantity: 'lots' }));
    expect(selectCartItems(store.getState())).toHaveLength(1);
  });

  it('quantity and price typed as text are parsed as numbers', () => {
    const store = makeStore();
    store.dispatch(itemUpdated({ ...plab, quantity: '2', price: '19.99' }));
    expect(selectCartItems(store.getState())[0]).toMatchObject({ quantity: 2, price: 19.99 });
    expect(selectTotalAmount(store.getState())).toBe(39.98);
  });
});

describe('replace, delete and clear', () => {
  it('replace removes items with the same slug and adds the package', () => {
    const store = cartWith(
      { id: 20, slug: 'subscription', month: 'silver', quantity: 1, price: 99 },
      plab,
    );
    store.dispatch(
      packageReplaced({ id: 21, slug: 'subscription', month: 'gold', quantity: 1, price: 199 }),
    );
    expect(selectCartItems(store.getState()).map((l) => l.id)).toEqual([1, 21]);
    expect(selectTotalAmount(store.getState())).toBe(248.99);
  });

  it('delete course removes the line by id and reduces the totals', () => {
    const store = cartWith(plab, { ...plab, id: 2, price: 10 });
    store.dispatch(courseDeleted({ id: 1 }));
    expect(selectTotalQuantity(store.getState())).toBe(1);
    expect(selectTotalAmount(store.getState())).toBe(10);
  });

  it('clear all resets every cart field', () => {
    const store = cartWith(plab);
    store.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME10' }));
    store.dispatch(durationSet({ tier: 'gold', duration: '12 Months' }));
    store.dispatch(cartCleared());
    expect(selectCart(store.getState())).toMatchObject({
      cartData: [],
      totalQuantity: 0,
      totalAmount: 0,
      couponName: '',
      goldDuration: '',
    });
  });

  it('the lighter clear empties lines, quantity and discounts but keeps the total and subscription fields', () => {
    const stored = selectCart(cartWith(plab).getState());
    const store = makeStore({
      preloadedState: { cartData: { ...stored, subscriptionId: 'sub_1' } },
    });
    store.dispatch(durationSet({ tier: 'silver', duration: '6 Months' }));
    store.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME10' }));
    store.dispatch(cartLightCleared());
    expect(selectCart(store.getState())).toMatchObject({
      cartData: [],
      totalQuantity: 0,
      totalAmount: 44.99,
      discountedCouponAmount: 0,
      silverDuration: '6 Months',
      subscriptionId: 'sub_1',
    });
  });
});

describe('discounts', () => {
  it('a coupon subtracts its amount and records couponName; removing adds it back', () => {
    const store = cartWith({ ...plab, price: 100 });
    store.dispatch(couponApplied({ amount: '10', couponName: 'WELCOME10' }));
    expect(selectTotalAmount(store.getState())).toBe(90);
    expect(selectCoupon(store.getState())).toEqual({ name: 'WELCOME10', amount: 10 });
    store.dispatch(couponRemoved());
    expect(selectTotalAmount(store.getState())).toBe(100);
    expect(selectCoupon(store.getState()).name).toBe('');
  });

  it('discounts are parsed as integers', () => {
    const store = cartWith({ ...plab, price: 100 });
    store.dispatch(couponApplied({ amount: '12.75', couponName: 'X' }));
    expect(selectCoupon(store.getState()).amount).toBe(12);
    store.dispatch(rewardApplied({ amount: 3.9 }));
    expect(selectRewardAmount(store.getState())).toBe(3);
    expect(selectTotalAmount(store.getState())).toBe(85);
  });

  it('a reward subtracts its amount; removing adds it back', () => {
    const store = cartWith({ ...plab, price: 50 });
    store.dispatch(rewardApplied({ amount: 5 }));
    expect(selectTotalAmount(store.getState())).toBe(45);
    store.dispatch(rewardRemoved());
    expect(selectTotalAmount(store.getState())).toBe(50);
  });

  it('a coupon larger than the total never takes the total below 0', () => {
    const store = cartWith({ ...plab, price: 10 });
    store.dispatch(couponApplied({ amount: '5000', couponName: 'BIGSAVE' }));
    expect(selectTotalAmount(store.getState())).toBe(0);
    expect(selectSubtotal(store.getState())).toBe(10);
  });
});

describe('totals and fields set directly', () => {
  it('price update subtracts a value from the total, rounded to 2 decimals', () => {
    const store = cartWith({ ...plab, price: 10 });
    store.dispatch(priceReduced(3.333));
    expect(selectTotalAmount(store.getState())).toBe(6.67);
    store.dispatch(priceReduced(100));
    expect(selectTotalAmount(store.getState())).toBe(0);
  });

  it('the total can be set directly', () => {
    const store = makeStore();
    store.dispatch(totalSet('42.5'));
    expect(selectTotalAmount(store.getState())).toBe(42.5);
  });

  it('durations are stored per tier: silver, gold, ultimate', () => {
    const store = makeStore();
    store.dispatch(durationSet({ tier: 'silver', duration: '3 Months' }));
    store.dispatch(durationSet({ tier: 'gold', duration: '6 Months' }));
    store.dispatch(durationSet({ tier: 'ultimate', duration: '12 Months' }));
    expect(selectDurations(store.getState())).toEqual({
      silver: '3 Months',
      gold: '6 Months',
      ultimate: '12 Months',
    });
  });
});

describe('prices changed at checkout', () => {
  const course = { ...plab, id: 2103, product_id: 3103, variation_id: 310303 };
  const longer = { ...course, month: '6 Months', quantity: 2, price: 79.99, variation_id: 310306 };
  const mockDay = { ...event, product_id: 4101 };

  it("each line takes the server's unit price by product and variation; the total is the server's", () => {
    const store = cartWith(course, longer, mockDay);
    store.dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
    store.dispatch(rewardApplied({ amount: 5 }));
    store.dispatch(
      linePricesChanged({
        total: '354.97',
        subtotal: '369.97',
        discount: '10.00',
        reward: '5.00',
        lines: [
          { product_id: 3103, variation_id: 310303, price: '54.99' },
          { product_id: 3103, variation_id: 310306, price: '79.99' },
          { product_id: 4101, variation_id: 0, price: '155.00' },
        ],
      }),
    );
    const state = store.getState();
    expect(selectCartItems(state).map((line) => [line.id, line.month, line.price])).toEqual([
      [2103, '1 Month', 54.99],
      [2103, '6 Months', 79.99],
      [9, '', 155],
    ]);
    expect(selectSubtotal(state)).toBe(369.97);
    expect(selectCoupon(state)).toEqual({ name: 'WELCOME10', amount: 10 });
    expect(selectRewardAmount(state)).toBe(5);
    expect(selectTotalAmount(state)).toBe(354.97);
    expect(selectTotalQuantity(state)).toBe(4);
  });

  it("a percentage coupon keeps the server's discount to the penny, so the totals agree", () => {
    const store = cartWith({ ...course, quantity: 3, price: 19.99 });
    store.dispatch(couponApplied({ amount: '11.99', couponName: 'PLAB20' }));
    store.dispatch(
      linePricesChanged({
        total: '52.78',
        subtotal: '65.97',
        discount: '13.19',
        reward: '0.00',
        lines: [{ product_id: 3103, variation_id: 310303, price: '21.99' }],
      }),
    );
    expect(selectCoupon(store.getState())).toEqual({ name: 'PLAB20', amount: 13.19 });
    expect(selectTotalAmount(store.getState())).toBe(52.78);
  });

  it("the reward becomes the server's, capped by what the coupon left", () => {
    const store = cartWith({ ...course, price: 19.99 });
    store.dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
    store.dispatch(rewardApplied({ amount: 15 }));
    store.dispatch(
      linePricesChanged({
        total: '0.00',
        subtotal: '24.50',
        discount: '10.00',
        reward: '14.50',
        lines: [{ product_id: 3103, variation_id: 310303, price: '24.50' }],
      }),
    );
    expect(selectRewardAmount(store.getState())).toBe(14.5);
    expect(selectTotalAmount(store.getState())).toBe(0);
  });

  it('a line the server did not price keeps its price', () => {
    const store = cartWith(course, mockDay);
    store.dispatch(
      linePricesChanged({
        total: '204.99',
        subtotal: '204.99',
        discount: '0.00',
        reward: '0.00',
        lines: [{ product_id: 3103, variation_id: 310303, price: '54.99' }],
      }),
    );
    expect(selectCartItems(store.getState()).map((line) => line.price)).toEqual([54.99, 150]);
    expect(selectTotalAmount(store.getState())).toBe(204.99);
  });
});

describe('a line added again', () => {
  it('an add matching a line raises its quantity instead of listing it twice', () => {
    const store = cartWith(plab, { ...plab, quantity: 2 }, event, { ...event, month: 'other' });
    expect(selectCartItems(store.getState()).map((l) => [l.id, l.quantity])).toEqual([
      [1, 3],
      [9, 2],
    ]);
    expect(selectTotalQuantity(store.getState())).toBe(5);
  });
});

describe('a pending order', () => {
  // A paid order is reported to the shop (cartAnalytics.ts), which these tests do not look at.
  beforeEach(() => {
    mockFetch({ '/api/shop/orders/': () => ({ body: { reported: false } }) });
  });

  const order = {
    id: 501,
    status: 'pending',
    total: '246.98',
    currency: 'GBP',
    payment_url: 'https://shop.example/checkout/order-pay/501',
  };
  const msra = { id: 3, slug: 'msra', month: '6 Months', quantity: 1, price: 199 };

  /** Two of plab and the event, a coupon and a reward, ordered. */
  function ordered() {
    const store = cartWith({ ...plab, quantity: 2 }, event);
    store.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME5' }));
    store.dispatch(rewardApplied({ amount: 3 }));
    store.dispatch(orderPlaced({ order, lines: selectCartItems(store.getState()) }));
    return store;
  }

  it('orderPlaced keeps the order, its coupon and what it was made of; the cart stays as it is', () => {
    const store = ordered();
    expect(selectPendingOrder(store.getState())).toEqual({
      id: 501,
      total: 246.98,
      coupon: 'WELCOME5',
      lines: [
        { id: 1, slug: 'plab-1', month: '1 Month', quantity: 2, price: 49.99 },
        { id: 9, slug: 'mock-day', month: '', from: 'event', quantity: 1, price: 150 },
      ],
    });
    expect(JSON.parse(selectCart(store.getState()).orderData)).toMatchObject({
      payment_url: order.payment_url,
    });
    expect(selectTotalQuantity(store.getState())).toBe(3);
    expect(selectCoupon(store.getState()).name).toBe('WELCOME5');
  });

  it('orderPaid removes only the ordered quantities: lines added since stay', () => {
    const store = ordered();
    store.dispatch(itemAdded(plab));
    store.dispatch(itemAdded(msra));
    store.dispatch(orderPaid({ orderId: 501 }));
    const state = store.getState();
    expect(selectCartItems(state).map((l) => [l.id, l.quantity])).toEqual([
      [1, 1],
      [3, 1],
    ]);
    expect(selectTotalAmount(state)).toBe(248.99);
    expect(selectTotalQuantity(state)).toBe(2);
  });

  it('orderPaid clears the coupon, the reward and the order', () => {
    const store = ordered();
    store.dispatch(orderPaid({ orderId: 501 }));
    const state = store.getState();
    expect(selectCartItems(state)).toEqual([]);
    expect(selectCoupon(state)).toEqual({ name: '', amount: 0 });
    expect(selectRewardAmount(state)).toBe(0);
    expect(selectCart(state).orderData).toBe('');
    expect(selectPendingOrder(state)).toBeNull();
  });

  it('what was paid for does not come back from an older copy of the cart', () => {
    const store = ordered();
    const older = selectCart(store.getState());
    store.dispatch(orderPaid({ orderId: 501 }));
    store.dispatch(cartCopyMerged(older));
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectPendingOrder(store.getState())).toBeNull();
    expect(selectCoupon(store.getState()).name).toBe('');
  });

  it('a paid package leaves the subscription list and forgets its duration', () => {
    const store = cartWith();
    store.dispatch(packageChosen(silverChoice));
    store.dispatch(
      orderPlaced({ order: { ...order, id: 502 }, lines: selectCartItems(store.getState()) }),
    );
    store.dispatch(orderPaid({ orderId: 502 }));
    expect(selectSubscriptionList(store.getState())).toEqual([]);
    expect(selectDurations(store.getState()).silver).toBe('');
  });

  it.each([
    ['orderPaid', orderPaid],
    ['orderAbandoned', orderAbandoned],
  ])('%s of another order changes nothing', (_name, action) => {
    const store = ordered();
    const state = store.getState();
    store.dispatch(action({ orderId: 999 }));
    expect(store.getState()).toBe(state);
  });

  it('orderAbandoned forgets the order; the cart, coupon and reward stay', () => {
    const store = ordered();
    const before = store.getState();
    store.dispatch(orderAbandoned({ orderId: 501 }));
    const state = store.getState();
    expect(selectPendingOrder(state)).toBeNull();
    expect(selectCart(state).orderData).toBe('');
    expect(selectCartItems(state)).toEqual(selectCartItems(before));
    expect(selectCoupon(state)).toEqual({ name: 'WELCOME5', amount: 5 });
    expect(selectRewardAmount(state)).toBe(3);
    expect(selectTotalAmount(state)).toBe(selectTotalAmount(before));
  });

  it.each([
    '',
    'not json',
    'null',
    '42',
    '[]',
    '{}',
    '{"id":"501"}',
    '{"id":0}',
    '{"id":-3}',
    '{"id":1.5}',
    '{"id":1e300}',
  ])('orderData %p is no pending order, and paying it changes nothing', (orderData) => {
    const store = storedWithOrderData(orderData, plab);
    expect(selectPendingOrder(store.getState())).toBeNull();
    store.dispatch(orderPaid({ orderId: 501 }));
    expect(selectCartItems(store.getState())).toHaveLength(1);
  });

  it('order lines that cannot be read are left out of the pending order; hostile numbers and texts are read by the cart’s rules', () => {
    const store = storedWithOrderData(
      JSON.stringify({
        id: 7,
        total: '1e9',
        coupon: { code: 'X' },
        lines: [
          null,
          'x',
          { id: {} },
          { id: 'i'.repeat(101) },
          { id: 1, month: 3, quantity: '2', price: -5, title: '<b>PLAB</b>' },
          { id: 'e', from: 'event', slug: 7, price: '12.345' },
        ],
      }),
    );
    expect(selectPendingOrder(store.getState())).toEqual({
      id: 7,
      total: 1_000_000,
      coupon: '',
      lines: [
        { id: 1, slug: '', month: '', quantity: 2, price: 0, title: '<b>PLAB</b>' },
        { id: 'e', slug: '', month: '', from: 'event', quantity: 0, price: 12.35 },
      ],
    });
    const unreadable = storedWithOrderData(JSON.stringify({ id: 7, lines: 'all of them' }));
    expect(selectPendingOrder(unreadable.getState())).toEqual({
      id: 7,
      total: 0,
      coupon: '',
      lines: [],
    });
  });
});

describe('a package chosen on the shop’s pages', () => {
  it('replaces any package in the cart, stores its tier’s duration and lists it once', () => {
    const store = cartWith(plab);
    store.dispatch(packageChosen(silverChoice));
    store.dispatch(packageChosen(silverChoice));
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({ id: 1 }),
      expect.objectContaining({
        id: 20,
        slug: PACKAGE_SLUG,
        month: '3 Months',
        quantity: 1,
        price: 99,
        tier: 'silver',
        product_id: 20,
        variation_id: 2003,
      }),
    ]);
    expect(selectDurations(store.getState()).silver).toBe('3 Months');
    expect(selectSubscriptionList(store.getState())).toEqual([
      { slug: 'silver-membership', id: 20 },
    ]);
  });
});

describe('a package leaving the cart', () => {
  const goldChoice = {
    ...silverChoice,
    product_id: 21,
    slug: 'gold-membership',
    title: 'Gold',
    tier: 'gold' as const,
    month: '12 Months',
    price: 299,
    variation_id: 2112,
  };

  /** The silver package listed, with a course, and both tiers' durations. */
  function withSilver() {
    const store = cartWith(plab);
    store.dispatch(packageChosen(silverChoice));
    store.dispatch(durationSet({ tier: 'gold', duration: '12 Months' }));
    return store;
  }

  it.each([
    ['replaced by another package', packageReplaced({ ...silverPackage, id: 21, tier: 'gold' })],
    ['deleted', courseDeleted({ id: 20 })],
    [
      'decreased to nothing',
      itemUpdated({ id: 20, month: '3 Months', type: 'decrease', quantity: 1 }),
    ],
  ])('when %s, leaves the subscription list and forgets its duration', (_name, action) => {
    const store = withSilver();
    store.dispatch(action);
    const state = store.getState();
    expect(selectSubscriptionList(state)).toEqual([]);
    // Only the tier that left forgets its duration.
    expect(selectDurations(state)).toEqual({ silver: '', gold: '12 Months', ultimate: '' });
  });

  it('another package chosen takes the place of the first in the cart and in the list', () => {
    const store = withSilver();
    store.dispatch(packageChosen(goldChoice));
    expect(selectCartItems(store.getState()).map((line) => line.id)).toEqual([1, 21]);
    expect(selectSubscriptionList(store.getState())).toEqual([{ slug: 'gold-membership', id: 21 }]);
    expect(selectDurations(store.getState())).toEqual({
      silver: '',
      gold: '12 Months',
      ultimate: '',
    });
  });

  it('a package that stays keeps its entry and duration', () => {
    const store = withSilver();
    store.dispatch(courseDeleted({ id: plab.id }));
    expect(selectSubscriptionList(store.getState())).toEqual([
      { slug: 'silver-membership', id: 20 },
    ]);
    expect(selectDurations(store.getState()).silver).toBe('3 Months');
  });
});

describe('clearing and resetting', () => {
  it('cartCleared remembers the removals, so a merge with an older copy does not bring lines back', () => {
    const store = cartWith(plab, event);
    const older = selectCart(store.getState());
    store.dispatch(cartCleared());
    expect(
      selectCart(store.getState())
        .removedLines.map((r) => r.id)
        .sort(),
    ).toEqual([1, 9]);
    store.dispatch(cartCopyMerged(older));
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(selectTotalQuantity(store.getState())).toBe(0);
  });

  it('cartReset leaves nothing, not even the removals or the clocks', () => {
    const store = cartWith(plab, event);
    store.dispatch(courseDeleted({ id: 9 }));
    store.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME5' }));
    store.dispatch(durationSet({ tier: 'gold', duration: '12 Months' }));
    store.dispatch(cartReset());
    // Every field as it starts; the count of ended sessions (epoch) is the device's, not the cart's.
    expect({ ...selectCart(store.getState()), epoch: 0 }).toEqual({
      ...initialCartState,
      epoch: 0,
    });
    expect(selectCart(store.getState()).removedLines).toEqual([]);
  });
});

describe("another tab's copy", () => {
  it('the other fields come from the copy whose last change to them is later', () => {
    const store = cartWith(plab);
    const older = selectCart(store.getState());
    store.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME5' }));
    store.dispatch(cartCopyMerged(older));
    expect(selectCoupon(store.getState())).toEqual({ name: 'WELCOME5', amount: 5 });

    const other = cartWith(plab);
    other.dispatch(couponApplied({ amount: 5, couponName: 'WELCOME5' }));
    other.dispatch(couponApplied({ amount: 10, couponName: 'WELCOME10' }));
    store.dispatch(cartCopyMerged(selectCart(other.getState())));
    expect(selectCoupon(store.getState())).toEqual({ name: 'WELCOME10', amount: 10 });
    expect(selectTotalAmount(store.getState())).toBe(39.99);
  });

  it('a copy that brings nothing new changes nothing', () => {
    const store = cartWith(plab, event);
    const state = store.getState();
    store.dispatch(cartCopyMerged(selectCart(state)));
    store.dispatch(cartCopyMerged(selectCart(cartWith(plab).getState())));
    expect(store.getState()).toBe(state);
  });
});
