import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { STORAGE_KEYS, safeStorage, selectPendingOrder, selectTotalQuantity } from 'shared-store';
import {
  PLAB_1_LINE,
  StorefrontProviders,
  cartWaitingOnOrder,
  makeStore,
  mockFetch,
  renderWithProviders,
  userLoggedIn,
} from 'shared-store/testing';
import { RenderedAgain, renderAgain } from '../testing/renderedAgain';
import { usePendingOrderCheck } from './usePendingOrderCheck';

const ORDER_ID = 610;
const ORDER_URL = `/api/shop/orders/${String(ORDER_ID)}`;

function Probe() {
  usePendingOrderCheck();
  return null;
}

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
 * hook's) all run before the next task: a dispatch, had there been one, has happened.
 */
function answered(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  safeStorage.removeItem(STORAGE_KEYS.token);
});

describe('the pending order check on each page load', () => {
  it('an order paid in another window: what it ordered leaves the cart', async () => {
    const { calls } = mockFetch({ [ORDER_URL]: () => ({ body: orderWith('processing') }) });
    const { store } = renderWithProviders(<Probe />, {
      preloadedState: cartWaitingOnOrder(ORDER_ID, { line: LINE }),
    });
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
      const { store } = renderWithProviders(<Probe />, {
        preloadedState: cartWaitingOnOrder(ORDER_ID, { line: LINE }),
      });
      await waitFor(() => {
        expect(selectPendingOrder(store.getState())).toBeNull();
      });
      expect(selectTotalQuantity(store.getState())).toBe(2);
    },
  );

  it('a still pending order changes nothing', async () => {
    const { fetchMock } = mockFetch({ [ORDER_URL]: () => ({ body: orderWith('pending') }) });
    const state = cartWaitingOnOrder(ORDER_ID, { line: LINE });
    const { store } = renderWithProviders(<Probe />, { preloadedState: state });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    await answered();
    expect(store.getState().cartData).toEqual(state.cartData);
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
    const { store } = renderWithProviders(<Probe />, { preloadedState: state });
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith(
        `Could not check order ${String(ORDER_ID)}:`,
        expect.anything(),
      );
    });
    expect(store.getState().cartData).toEqual(state.cartData);
    warn.mockRestore();
  });

  it('a cart waiting on no order asks for nothing', () => {
    const { fetchMock } = mockFetch({});
    renderWithProviders(<Probe />);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks once per page load, however often the app renders (StrictMode at the root included)', async () => {
    const { fetchMock } = mockFetch({ [ORDER_URL]: () => ({ body: orderWith('pending') }) });
    const store = makeStore({ preloadedState: cartWaitingOnOrder(ORDER_ID, { line: LINE }) });
    // As mountApp renders the app: StrictMode at the root runs every effect twice on mount.
    render(
      <StrictMode>
        <StorefrontProviders store={store}>
          <RenderedAgain hook={usePendingOrderCheck} />
        </StorefrontProviders>
      </StrictMode>,
    );
    const user = userEvent.setup();
    await renderAgain(user, 2);
    await answered();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a logged-in learner’s check carries their token', async () => {
    safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
    const { fetchMock } = mockFetch({ [ORDER_URL]: () => ({ body: orderWith('pending') }) });
    renderWithProviders(<Probe />, {
      preloadedState: cartWaitingOnOrder(ORDER_ID, {
        line: LINE,
        setup: (store) => store.dispatch(userLoggedIn()),
      }),
    });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt-learner');
  });

  it('on the order-received page it asks nothing: that page settles the order itself', () => {
    window.history.replaceState(null, '', `/checkout/order-received/${String(ORDER_ID)}/`);
    const { fetchMock } = mockFetch({});
    renderWithProviders(<Probe />, {
      preloadedState: cartWaitingOnOrder(ORDER_ID, { line: LINE }),
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
