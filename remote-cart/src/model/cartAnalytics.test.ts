import type { AppStore } from 'shared-store';
import { waitFor } from '@testing-library/react';
import {
  makeStore,
  mockFetch,
  recordAnalytics,
  type AnalyticsRecording,
} from 'shared-store/testing';
import { cartModel } from './cartModel';
import {
  cartCleared,
  cartCopyMerged,
  cartSynced,
  couponApplied,
  courseDeleted,
  itemUpdated,
  orderPaid,
  orderPlaced,
  packageReplaced,
  selectCart,
  selectCartItems,
} from './cartSlice';
import { gold } from '../testSupport';

/** PLAB 1, 3 months, as the course page adds it. */
const plab = {
  id: 2103,
  slug: 'plab-1-online-course',
  month: '3 Months',
  price: 49.99,
  title: 'PLAB 1 Online Course',
  product_id: 3103,
  variation_id: 310303,
};
/** A place at the Manchester mock circuit, as an event's card adds it. */
const mockCircuit = {
  id: 2301,
  slug: 'plab-2-mock-circuit-manchester',
  month: '',
  price: 395,
  title: 'PLAB 2 Mock Circuit — Manchester',
  from: 'event' as const,
  product_id: 3301,
};

const plabItem = (quantity: number) => ({
  item_id: '2103',
  item_name: 'PLAB 1 Online Course',
  item_category: 'PLAB',
  item_variant: '3 Months',
  price: 49.99,
  quantity,
});
const circuitItem = {
  item_id: '2301',
  item_name: 'PLAB 2 Mock Circuit — Manchester',
  item_category: 'PLAB',
  price: 395,
  quantity: 1,
};

const recordings: AnalyticsRecording[] = [];

/** A page's store with the cart connected, and what analytics is told from now on. */
function connectedCart(): { store: AppStore; pushed: unknown[] } {
  const store = makeStore();
  cartModel.connect(store);
  const recording = recordAnalytics();
  recordings.push(recording);
  return { store, pushed: recording.pushed };
}

afterEach(() => {
  for (const recording of recordings.splice(0)) recording.stop();
  jest.restoreAllMocks();
});

/** Waits until `count` events are told, then forgets them: what comes after is told alone. */
async function toldOf(pushed: unknown[], count: number): Promise<void> {
  await waitFor(() => {
    expect(pushed).toHaveLength(count);
  });
  pushed.length = 0;
}

const priced = (event: string, value: number, items: unknown[]) => ({
  event,
  ecommerce: { currency: 'GBP', value, items },
});

describe('what analytics is told of the cart', () => {
  it('an Add to cart on a shop page (the cart model’s lineAdded) is an add_to_cart of one, with its exam and month', async () => {
    const { store, pushed } = connectedCart();
    store.dispatch(cartModel.lineAdded(plab));
    store.dispatch(cartModel.lineAdded(mockCircuit));
    await waitFor(() => {
      expect(pushed).toEqual([
        priced('add_to_cart', 49.99, [plabItem(1)]),
        priced('add_to_cart', 395, [circuitItem]),
      ]);
    });
  });

  it('+ adds one, − removes one, Remove removes what is left, Clear cart removes every line, told in that order', async () => {
    const { store, pushed } = connectedCart();
    store.dispatch(cartModel.lineAdded(plab));
    store.dispatch(cartModel.lineAdded(mockCircuit));
    await toldOf(pushed, 2);
    const [line] = selectCartItems(store.getState());
    if (!line) throw new Error('no line');
    store.dispatch(itemUpdated({ ...line, quantity: 1 }));
    store.dispatch(itemUpdated({ ...line, quantity: 1 }));
    store.dispatch(itemUpdated({ ...line, quantity: 1, type: 'decrease' }));
    store.dispatch(courseDeleted({ id: line.id, month: line.month }));
    store.dispatch(cartCleared());
    await waitFor(() => {
      expect(pushed).toEqual([
        priced('add_to_cart', 49.99, [plabItem(1)]),
        priced('add_to_cart', 49.99, [plabItem(1)]),
        priced('remove_from_cart', 49.99, [plabItem(1)]),
        priced('remove_from_cart', 99.98, [plabItem(2)]),
        priced('remove_from_cart', 395, [circuitItem]),
      ]);
    });
  });

  it('another package, or another duration of one, is the old one removed and the new one added', async () => {
    const { store, pushed } = connectedCart();
    store.dispatch(cartModel.packageChosen({ ...gold, month: '3 Months', price: 99.99 }));
    const [chosen] = selectCartItems(store.getState());
    if (!chosen) throw new Error('no package');
    await toldOf(pushed, 1);
    store.dispatch(packageReplaced({ ...chosen, month: '6 Months', price: 179.99 }));
    const goldItem = (month: string, price: number) => ({
      item_id: '3202',
      item_name: 'Gold Membership',
      item_variant: month,
      price,
      quantity: 1,
    });
    await waitFor(() => {
      expect(pushed).toEqual([
        priced('remove_from_cart', 99.99, [goldItem('3 Months', 99.99)]),
        priced('add_to_cart', 179.99, [goldItem('6 Months', 179.99)]),
      ]);
    });
  });

  it('a change that does not move a line (a decrease at the floor, an unknown line) tells nothing', async () => {
    const { store, pushed } = connectedCart();
    store.dispatch(itemUpdated({ ...plab, quantity: 1, type: 'decrease' }));
    store.dispatch(courseDeleted({ id: 999 }));
    store.dispatch(cartCleared());
    // Told in order: the add after them is the first thing told.
    store.dispatch(cartModel.lineAdded(mockCircuit));
    await waitFor(() => {
      expect(pushed).toEqual([priced('add_to_cart', 395, [circuitItem])]);
    });
  });

  it('what another tab, the account or a payment brings is no learner’s change: nothing is told', async () => {
    const { store, pushed } = connectedCart();
    const other = makeStore();
    other.dispatch(cartModel.lineAdded(plab));
    store.dispatch(cartCopyMerged(selectCart(other.getState())));
    const copy = selectCart(other.getState());
    store.dispatch(
      cartSynced({
        lines: [...copy.cartData, { ...mockCircuit, quantity: 1, rev: 50, at: 50 }],
        removed: [],
      }),
    );
    expect(selectCartItems(store.getState())).toHaveLength(2);
    const order = { id: 601, status: 'pending', total: '444.99', currency: 'GBP', payment_url: '' };
    store.dispatch(orderPlaced({ order, lines: selectCartItems(store.getState()) }));
    // Told in order: Clear cart after them is the first thing told.
    store.dispatch(cartCleared());
    await waitFor(() => {
      expect(pushed).toEqual([priced('remove_from_cart', 444.99, [plabItem(1), circuitItem])]);
    });
  });

  it('a coupon the shop accepted is an add_coupon, with the cart’s lines and its total after it', async () => {
    const { store, pushed } = connectedCart();
    store.dispatch(cartModel.lineAdded(plab));
    await toldOf(pushed, 1);
    store.dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
    await waitFor(() => {
      expect(pushed).toEqual([
        {
          event: 'add_coupon',
          ecommerce: { currency: 'GBP', value: 39.99, coupon: 'WELCOME10', items: [plabItem(1)] },
        },
      ]);
    });
  });

  it('an order paid that the cart does not wait on reports nothing', async () => {
    const { calls } = mockFetch({});
    const { store, pushed } = connectedCart();
    store.dispatch(orderPaid({ orderId: 42 }));
    store.dispatch(cartModel.lineAdded(plab));
    await waitFor(() => {
      expect(pushed).toEqual([priced('add_to_cart', 49.99, [plabItem(1)])]);
    });
    expect(calls).toEqual([]);
  });
});
