/**
 * Sample lines and preloaded states for the cart's tests (not a test file itself).
 */
import type { AppDispatch, AppStore, RootState } from 'shared-store';
import { makeStore } from 'shared-store/testing';
import {
  itemAdded,
  orderPlaced,
  selectCartItems,
  selectTotalAmount,
  type CartItem,
  type CartItemInput,
} from './model/cartSlice';
import { navigation } from './navigation';

/** The tests' sample course line: PLAB 1, 3 months, three of them at £19.99. */
export const PLAB_1_LINE: CartItem = {
  id: 2103,
  slug: 'plab-1-online-course',
  month: '3 Months',
  quantity: 3,
  price: 19.99,
  title: 'PLAB 1',
  product_id: 3103,
  variation_id: 310303,
};

export const plab1: CartItemInput = PLAB_1_LINE;

export const mockExam: CartItemInput = {
  id: 4001,
  slug: 'plab-2-mock-day',
  month: '',
  quantity: 1,
  price: 150,
  title: 'PLAB 2 Mock Day',
  from: 'event',
  product_id: 4101,
};

/** plab1 and mockExam as analytics is told of them: the exam their category, the month its variant. */
export const PLAB_1_ITEM = {
  item_id: '2103',
  item_name: 'PLAB 1',
  item_category: 'PLAB',
  item_variant: '3 Months',
  price: 19.99,
  quantity: 3,
};
export const MOCK_EXAM_ITEM = {
  item_id: '4001',
  item_name: 'PLAB 2 Mock Day',
  item_category: 'PLAB',
  price: 150,
  quantity: 1,
};

/** Gold for 6 months, as the home page's packages choose it (the cart model's packageChosen). */
export const gold = {
  product_id: 3202,
  slug: 'gold-membership',
  title: 'Gold Membership',
  tier: 'gold' as const,
  month: '6 Months',
  price: 179.99,
  variation_id: 320206,
};

export const goldPackage: CartItemInput = {
  id: 3202,
  slug: 'membership',
  month: '3 Months',
  quantity: 1,
  price: 99.99,
  title: 'Gold Membership',
  tier: 'gold',
  product_id: 3202,
  variation_id: 320203,
};

/**
 * The gateway's 409 when prices changed since the cart was filled: PLAB 1 (3103/310303) is now
 * £54.99, WELCOME10 takes £10.00 off, the new total is £44.99.
 */
export const PRICE_CHANGED_ANSWER = {
  code: 'price_changed',
  message: 'Prices have changed since these items were added to your cart.',
  data: {
    status: 409,
    total: '44.99',
    subtotal: '54.99',
    discount: '10.00',
    reward: '0.00',
    lines: [{ product_id: 3103, variation_id: 310303, price: '54.99' }],
  },
};

/** The gateway's 409 while another request is at the same order (placing or completing it). */
export function inProgressAnswer(message: string) {
  return { status: 409, body: { code: 'order_in_progress', message, data: { status: 409 } } };
}

/** A store state holding the lines, after any further setup (coupon, login, durations…). */
export function seedState(lines: CartItemInput[], setup?: (dispatch: AppDispatch) => void) {
  const store = makeStore();
  for (const line of lines) store.dispatch(itemAdded(line));
  setup?.(store.dispatch);
  return store.getState();
}

/**
 * The state of a store whose cart holds `line` (PLAB 1 x3 unless told) and checked out as order
 * `orderId`: the order is pending and the cart waits on it. `setup` runs on the store last (a
 * login, say).
 */
export function cartWaitingOnOrder(
  orderId: number,
  options: { line?: CartItemInput; setup?: (store: AppStore) => void } = {},
): RootState {
  const store = makeStore();
  store.dispatch(itemAdded(options.line ?? PLAB_1_LINE));
  store.dispatch(
    orderPlaced({
      order: {
        id: orderId,
        status: 'pending',
        total: selectTotalAmount(store.getState()).toFixed(2),
        currency: 'GBP',
        payment_url: `http://localhost/checkout/order-pay/${String(orderId)}/?key=wc_order_abc`,
      },
      lines: selectCartItems(store.getState()),
    }),
  );
  options.setup?.(store);
  return store.getState();
}

/**
 * The answer of a shopper with no unpaid order, for a test's mockFetch handlers (first: a handler
 * of '/api/shop/orders' would take its path too). The cart asks as it opens for a learner, or for
 * a cart that placed an order.
 */
export const NO_PENDING_ORDERS = { '/api/shop/orders/pending': () => ({ body: [] }) };

/** The JSON body a request sent, or undefined. */
export function jsonBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

/** A cut connection, as a mocked fetch answers it: the request went, no answer came. */
export const cut = () => Response.error();

/**
 * Catches the cart's leaving for another page (the order's payment page) in the calling test file:
 * jsdom cannot leave, so before each test navigation.assign is replaced by the returned mock, which
 * records where the learner would have gone; after each test the real one is back.
 */
export function catchPageLeaving(): jest.MockedFunction<typeof navigation.assign> {
  const assign: jest.MockedFunction<typeof navigation.assign> = jest.fn();
  let spy: jest.SpyInstance | undefined;
  beforeEach(() => {
    assign.mockClear();
    spy = jest.spyOn(navigation, 'assign').mockImplementation(assign);
  });
  afterEach(() => {
    spy?.mockRestore();
  });
  return assign;
}
