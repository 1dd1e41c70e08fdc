import { GOLD_3_MONTHS, makeStore } from 'shared-store/testing';
import { cartModel } from './cartModel';
import {
  cartCopyMerged,
  couponApplied,
  courseDeleted,
  itemUpdated,
  lineLimitsFound,
  packageChosen,
  restoreCart,
  selectCart,
  selectCartItems,
  selectCoupon,
  selectTotalAmount,
  type CartItemInput,
} from './cartSlice';

/** A store with the cart's rules connected, holding the lines. */
function cartWith(...lines: CartItemInput[]) {
  const store = makeStore();
  cartModel.connect(store);
  for (const line of lines) store.dispatch(itemUpdated(line));
  return store;
}

const plab2 = {
  id: 2104,
  slug: 'plab-2-online-course',
  month: '1 Month',
  quantity: 1,
  price: 49.99,
  product_id: 3104,
  variation_id: 310401,
};
const questionBank = {
  id: 2108,
  slug: 'plab-1-question-bank',
  month: '1 Month',
  quantity: 1,
  price: 19.99,
  product_id: 3108,
  variation_id: 310801,
};
const manchester = {
  id: 2301,
  slug: 'plab-2-mock-circuit-manchester',
  month: '',
  quantity: 1,
  price: 295,
  from: 'event' as const,
  product_id: 3301,
};

describe('a percentage coupon follows the lines', () => {
  it('PLAB20 on £69.98 takes £14.00; after a line is removed it takes 20 % of £19.99: £4.00, total £15.99', () => {
    const store = cartWith(plab2, questionBank);
    store.dispatch(couponApplied({ couponName: 'PLAB20', amount: '14.00', percent: '20.00' }));
    expect(selectCoupon(store.getState())).toEqual({ name: 'PLAB20', amount: 14 });
    expect(selectTotalAmount(store.getState())).toBe(55.98);
    store.dispatch(courseDeleted({ id: 2104, month: '1 Month' }));
    expect(selectCoupon(store.getState())).toEqual({ name: 'PLAB20', amount: 4 });
    expect(selectTotalAmount(store.getState())).toBe(15.99);
  });

  it('is taken again of the lines as quantities change, to the penny', () => {
    const store = cartWith(questionBank);
    store.dispatch(couponApplied({ couponName: 'PLAB20', amount: '4.00', percent: '20' }));
    store.dispatch(itemUpdated({ ...questionBank, quantity: 2 }));
    // 20 % of £59.97 is £11.994: £11.99, as the shop rounds it.
    expect(selectCoupon(store.getState()).amount).toBe(11.99);
    expect(selectTotalAmount(store.getState())).toBe(47.98);
  });

  it('its percentage is parsed as an integer, whatever the amount it was checked against', () => {
    const store = cartWith(plab2);
    store.dispatch(couponApplied({ couponName: 'ODD', amount: '99.00', percent: '12.75' }));
    // 12 % of £49.99 is £5.9988: £6.00.
    expect(selectCoupon(store.getState()).amount).toBe(6);
  });

  it('a fixed coupon stays its whole pounds as lines change, never taking the total below 0', () => {
    const store = cartWith(plab2, questionBank);
    store.dispatch(couponApplied({ couponName: 'WELCOME10', amount: '10.00' }));
    store.dispatch(courseDeleted({ id: 2104, month: '1 Month' }));
    expect(selectCoupon(store.getState()).amount).toBe(10);
    expect(selectTotalAmount(store.getState())).toBe(9.99);
    store.dispatch(courseDeleted({ id: 2108, month: '1 Month' }));
    expect(selectTotalAmount(store.getState())).toBe(0);
  });

  it("follows lines another tab changed, and is read back from storage with the lines' discount", () => {
    const store = cartWith(plab2, questionBank);
    store.dispatch(couponApplied({ couponName: 'PLAB20', amount: '14.00', percent: '20.00' }));
    const other = makeStore({ preloadedState: { cartData: selectCart(store.getState()) } });
    other.dispatch(courseDeleted({ id: 2104, month: '1 Month' }));
    store.dispatch(cartCopyMerged(selectCart(other.getState())));
    expect(selectTotalAmount(store.getState())).toBe(15.99);
    const stored = { ...selectCart(other.getState()), discountedCouponAmount: 14 };
    expect(restoreCart(JSON.parse(JSON.stringify(stored)))?.totalAmount).toBe(15.99);
  });
});

describe('limits: what one order may have of a line', () => {
  it('a course sold individually stays at one however often it is added', () => {
    const store = cartWith({ ...plab2, max_quantity: 1 });
    store.dispatch(cartModel.lineAdded({ ...plab2, title: 'PLAB 2', max_quantity: 1 }));
    store.dispatch(itemUpdated({ ...plab2, quantity: 1 }));
    expect(selectCartItems(store.getState())).toMatchObject([{ quantity: 1, max_quantity: 1 }]);
  });

  it("an event never goes above its places left, the page's latest word on them", () => {
    const store = cartWith({ ...manchester, quantity: 21, max_quantity: 16 });
    expect(selectCartItems(store.getState())[0]?.quantity).toBe(16);
    store.dispatch(itemUpdated({ ...manchester, quantity: 1 }));
    expect(selectCartItems(store.getState())[0]?.quantity).toBe(16);
    store.dispatch(itemUpdated({ ...manchester, quantity: 1, type: 'decrease' }));
    expect(selectCartItems(store.getState())[0]?.quantity).toBe(15);
    store.dispatch(cartModel.lineAdded({ ...manchester, title: 'M', max_quantity: 15 }));
    expect(selectCartItems(store.getState())[0]).toMatchObject({ quantity: 15, max_quantity: 15 });
  });

  it('a sold-out event is not added', () => {
    const store = cartWith({ ...manchester, max_quantity: 0 });
    expect(selectCartItems(store.getState())).toEqual([]);
  });

  it("the shop's refusal gives lines their limits and keeps every quantity", () => {
    const store = cartWith({ ...manchester, quantity: 21 }, { ...plab2, quantity: 2 });
    store.dispatch(
      lineLimitsFound([
        { product_id: 3301, variation_id: 0, max_quantity: 16 },
        { product_id: 3104, variation_id: 310401, max_quantity: 1 },
      ]),
    );
    expect(selectCartItems(store.getState())).toMatchObject([
      { id: 2301, quantity: 21, max_quantity: 16 },
      { id: 2104, quantity: 2, max_quantity: 1 },
    ]);
    store.dispatch(itemUpdated({ ...manchester, quantity: 1 }));
    expect(selectCartItems(store.getState())[0]?.quantity).toBe(21);
  });

  it('a package sold individually keeps its limit when chosen', () => {
    const store = cartWith();
    store.dispatch(packageChosen({ ...GOLD_3_MONTHS, max_quantity: 1 }));
    store.dispatch(itemUpdated({ id: 3202, month: '3 Months', quantity: 1 }));
    expect(selectCartItems(store.getState())).toMatchObject([{ quantity: 1, max_quantity: 1 }]);
  });
});
