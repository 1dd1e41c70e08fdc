import { waitFor } from '@testing-library/react';
import { makeStore, mockFetch } from 'shared-store/testing';
import { cartWaitingOnOrder, gold } from '../testSupport';
import { cartModel, cartTransitions, connectCart } from './cartModel';
import {
  selectCart,
  selectCartItems,
  selectDurations,
  selectPendingOrder,
  selectTotalAmount,
  selectTotalQuantity,
} from './cartSlice';
import { selectSubscriptionList } from './subscriptionSlice';
import { STORED_STATE_KEY } from 'shared-store/testing';

const plab = {
  id: 2103,
  slug: 'plab-1-online-course',
  month: '3 Months',
  price: 19.99,
  title: 'PLAB 1',
  product_id: 3103,
  variation_id: 310303,
};
const mockDay = {
  id: 4001,
  slug: 'plab-2-mock-day',
  month: '',
  price: 150,
  title: 'PLAB 2 Mock Day',
  from: 'event' as const,
  product_id: 4101,
};

describe('what the other teams use of the cart', () => {
  it('each add puts one of a course’s month option in the cart; the badge counts them', () => {
    const store = makeStore();
    cartModel.connect(store);
    store.dispatch(cartModel.lineAdded(plab));
    store.dispatch(cartModel.lineAdded(plab));
    store.dispatch(cartModel.lineAdded({ ...plab, month: '6 Months', price: 29.99 }));
    expect(selectCartItems(store.getState()).map((line) => [line.month, line.quantity])).toEqual([
      ['3 Months', 2],
      ['6 Months', 1],
    ]);
    expect(cartModel.selectTotalQuantity(store.getState())).toBe(3);
  });

  it('an event’s place is matched by id alone', () => {
    const store = makeStore();
    store.dispatch(cartModel.lineAdded(mockDay));
    store.dispatch(cartModel.lineAdded({ ...mockDay, month: 'any' }));
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({ id: 4001, from: 'event', quantity: 2, price: 150 }),
    ]);
  });

  it('a package chosen replaces the package in the cart, keeps its duration and is listed', () => {
    const store = makeStore();
    cartModel.connect(store);
    store.dispatch(
      cartModel.packageChosen({ ...gold, product_id: 3201, slug: 'silver', tier: 'silver' }),
    );
    store.dispatch(cartModel.packageChosen(gold));
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({ id: 3202, month: '6 Months', tier: 'gold', quantity: 1 }),
    ]);
    expect(selectDurations(store.getState())).toEqual({
      silver: '',
      gold: '6 Months',
      ultimate: '',
    });
    expect(selectSubscriptionList(store.getState())).toEqual([
      { slug: 'gold-membership', id: 3202 },
    ]);
  });

  it('a store is connected once, however often it is asked', () => {
    const store = makeStore();
    cartModel.connect(store);
    const sync = connectCart(store);
    cartModel.connect(store);
    expect(connectCart(store)).toBe(sync);
  });
});

describe('the cart model’s transitions no screen uses yet', () => {
  it('add, lighter clear, price update and total set work on the page’s cart', () => {
    const store = makeStore();
    store.dispatch(cartTransitions.itemAdded({ ...plab, quantity: 3 }));
    expect(selectTotalAmount(store.getState())).toBe(59.97);
    store.dispatch(cartTransitions.priceReduced('9.975'));
    expect(selectTotalAmount(store.getState())).toBe(49.99);
    store.dispatch(cartTransitions.totalSet(40));
    expect(selectTotalAmount(store.getState())).toBe(40);
    store.dispatch(cartTransitions.cartLightCleared());
    expect(selectCart(store.getState())).toMatchObject({
      cartData: [],
      totalQuantity: 0,
      totalAmount: 40,
    });
  });
});

describe('starting the cart on a page', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('settles the order the cart waits on, and merges what another tab stores', async () => {
    mockFetch({
      '/api/shop/orders/610': () => ({
        body: { id: 610, status: 'completed', total: '59.97', currency: 'GBP', line_items: [] },
      }),
    });
    const store = makeStore({ preloadedState: cartWaitingOnOrder(610) });
    cartModel.connect(store);
    cartModel.start(store);
    await waitFor(() => {
      expect(selectPendingOrder(store.getState())).toBeNull();
    });
    expect(selectTotalQuantity(store.getState())).toBe(0);

    const other = makeStore();
    other.dispatch(cartModel.lineAdded(mockDay));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: STORED_STATE_KEY,
        newValue: JSON.stringify({ cartData: JSON.stringify(selectCart(other.getState())) }),
        storageArea: window.localStorage,
      }),
    );
    expect(selectTotalQuantity(store.getState())).toBe(1);
  });
});
