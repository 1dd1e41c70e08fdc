import type { Subscription } from 'rxjs';
import { eventBus, type BusEventOf } from 'shared-store';
import { makeStore } from 'shared-store/testing';
import { gold, plab1 } from '../testSupport';
import { cartModel } from './cartModel';
import { itemUpdated } from './cartSlice';

/** What the bus heard of the adds in a test. */
let told: BusEventOf<'cart:item-added'>[] = [];
let subscription: Subscription;
beforeEach(() => {
  told = [];
  subscription = eventBus.on('cart:item-added').subscribe((event) => told.push(event));
});
afterEach(() => {
  subscription.unsubscribe();
});

/** A store with the cart connected, as the shell connects it. */
function connected() {
  const store = makeStore();
  cartModel.connect(store);
  return store;
}

const line = {
  id: 2103,
  slug: 'plab-1-online-course',
  month: '3 Months',
  price: 19.99,
  title: 'PLAB 1',
};
const place = {
  id: 4001,
  slug: 'plab-2-mock-day',
  month: '',
  price: 150,
  title: 'Mock',
  from: 'event' as const,
};

describe('the bus is told of each line a shop page adds', () => {
  it('a course’s month option, by its key in the cart, each time it is added', () => {
    const store = connected();
    store.dispatch(cartModel.lineAdded(line));
    store.dispatch(cartModel.lineAdded(line));
    expect(told).toEqual([
      { type: 'cart:item-added', id: 2103, month: '3 Months' },
      { type: 'cart:item-added', id: 2103, month: '3 Months' },
    ]);
  });

  it('an event’s place, and a package chosen', () => {
    const store = connected();
    store.dispatch(cartModel.lineAdded(place));
    store.dispatch(cartModel.packageChosen(gold));
    expect(told).toEqual([
      { type: 'cart:item-added', id: 4001, month: '' },
      { type: 'cart:item-added', id: gold.product_id, month: gold.month },
    ]);
  });

  it('the cart page’s own + tells nothing: the shopper is already in the cart', () => {
    const store = connected();
    store.dispatch(itemUpdated({ ...plab1, quantity: 1 }));
    expect(told).toEqual([]);
  });

  it('an add the cart did not take (the same package again) tells nothing', () => {
    const store = connected();
    store.dispatch(cartModel.packageChosen(gold));
    store.dispatch(cartModel.packageChosen(gold));
    expect(told).toHaveLength(1);
  });
});
