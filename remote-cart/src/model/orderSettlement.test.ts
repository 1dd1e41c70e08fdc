import { waitFor } from '@testing-library/react';
import { STORAGE_KEYS, safeStorage } from 'shared-store';
import { makeStore, mockFetch, userLoggedIn, type RootState } from 'shared-store/testing';
import { PLAB_1_LINE, cartWaitingOnOrder } from '../testSupport';
import { selectCart, selectPendingOrder, selectTotalQuantity } from './cartSlice';
import { checkPendingOrder, orderOutcome } from './orderSettlement';

const ORDER_ID = 610;
const ORDER_URL = `/api/shop/orders/${String(ORDER_ID)}`;

/** PLAB 1 x2, checked out as order 610 and waiting on it. */
const LINE = { ...PLAB_1_LINE, quantity: 2 };

function orderWith(status: string) {
  return {
    id: ORDER_ID,
    status,
    total: '39.98',
    currency: 'GBP',
    date_created: '2026-11-23T10:00:00',
    line_items: [],
  };
}

/**
 * Once the mocked answer is out, the promise callbacks that read it (the client's, then the
 * check's) all run before the next task: a dispatch, had there been one, has happened.
 */
function answered(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/** A page load with this stored state: the check runs as the cart model's start runs it. */
function pageLoad(state: RootState = cartWaitingOnOrder(ORDER_ID, { line: LINE })) {
  const store = makeStore({ preloadedState: state });
  checkPendingOrder(store);
  return store;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  safeStorage.removeItem(STORAGE_KEYS.token);
});

describe('what an order’s status means for the cart', () => {
  it.each([
    ['processing', 'paid'],
    ['completed', 'paid'],
    ['on-hold', 'paid'],
    ['cancelled', 'abandoned'],
    ['failed', 'abandoned'],
    ['pending', 'pending'],
    ['refunded', 'other'],
    [42, 'other'],
  ])('%p is %s', (status, outcome) => {
    expect(orderOutcome(status)).toBe(outcome);
  });
});

describe('the pending order check on each page load', () => {
  it('an order paid in another window: what it ordered leaves the cart', async () => {
    const { calls } = mockFetch({ [ORDER_URL]: () => ({ body: orderWith('processing') }) });
    const store = pageLoad();
    await waitFor(() => {
      expect(selectPendingOrder(store.getState())).toBeNull();
    });
    expect(selectTotalQuantity(store.getState())).toBe(0);
    expect(calls).toEqual([ORDER_URL]);
  });

  it.each(['cancelled', 'failed'])(
    'a %s order: the cart stops waiting on it and keeps its lines',
    async (status) => {
      mockFetch({ [ORDER_URL]: () => ({ body: orderWith(status) }) });
      const store = pageLoad();
      await waitFor(() => {
        expect(selectPendingOrder(store.getState())).toBeNull();
      });
      expect(selectTotalQuantity(store.getState())).toBe(2);
    },
  );

  it('a still pending order changes nothing', async () => {
    const { fetchMock } = mockFetch({ [ORDER_URL]: () => ({ body: orderWith('pending') }) });
    const state = cartWaitingOnOrder(ORDER_ID, { line: LINE });
    const store = pageLoad(state);
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    await answered();
    expect(selectCart(store.getState())).toEqual(selectCart(state));
  });

  it('an order that cannot be read changes nothing, and says why in the console', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({
      [ORDER_URL]: () => ({
        status: 404,
        body: { code: 'order_not_found', message: 'Order not found.' },
      }),
    });
    const state = cartWaitingOnOrder(ORDER_ID, { line: LINE });
    const store = pageLoad(state);
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith(
        `Could not check order ${String(ORDER_ID)}:`,
        expect.anything(),
      );
    });
    expect(selectCart(store.getState())).toEqual(selectCart(state));
    warn.mockRestore();
  });

  it('a cart waiting on no order asks for nothing', () => {
    const { fetchMock } = mockFetch({});
    pageLoad(makeStore().getState());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a logged-in learner’s check carries their token', async () => {
    safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
    const { fetchMock } = mockFetch({ [ORDER_URL]: () => ({ body: orderWith('pending') }) });
    pageLoad(
      cartWaitingOnOrder(ORDER_ID, {
        line: LINE,
        setup: (store) => store.dispatch(userLoggedIn()),
      }),
    );
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt-learner');
  });

  it('on the order-received page it asks nothing: that page settles the order itself', () => {
    window.history.replaceState(null, '', `/checkout/order-received/${String(ORDER_ID)}/`);
    const { fetchMock } = mockFetch({});
    pageLoad();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
