import { makeStore } from '../../store/makeStore';
import {
  couponApplied,
  itemAdded,
  itemUpdated,
  selectCartItems,
  selectTotalAmount,
  selectTotalQuantity,
} from './cartSlice';

describe('cart totals', () => {
  it('3 x 19.99 totals exactly 59.97', () => {
    const store = makeStore();
    store.dispatch(
      itemAdded({ id: 1, slug: 'plab-1', month: '1 Month', quantity: 3, price: 19.99 }),
    );
    expect(selectTotalAmount(store.getState())).toBe(59.97);
    expect(selectTotalQuantity(store.getState())).toBe(3);
  });

  it('adding the same course and month again raises the quantity of its line', () => {
    const store = makeStore();
    const course = { id: 7, slug: 'ukmla', month: '3 Months', quantity: 1, price: '49.99' };
    store.dispatch(itemUpdated(course));
    store.dispatch(itemUpdated(course));
    expect(selectCartItems(store.getState())).toEqual([
      { id: 7, slug: 'ukmla', month: '3 Months', quantity: 2, price: 49.99 },
    ]);
    expect(selectTotalAmount(store.getState())).toBe(99.98);
  });

  it('a coupon larger than the total never takes the total below 0', () => {
    const store = makeStore();
    store.dispatch(itemAdded({ id: 1, slug: 'a', month: '1 Month', quantity: 1, price: 10 }));
    store.dispatch(couponApplied({ amount: '5000', couponName: 'BIGSAVE' }));
    expect(selectTotalAmount(store.getState())).toBe(0);
  });
});
