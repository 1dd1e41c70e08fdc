/**
 * Test helpers for every package: a real store behind the real providers, and one fetch mock
 * that fails on any request a test did not expect.
 */
import { render, type RenderOptions } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { reader } from '../api/read';
import type { CartItemInput } from '../features/cart/cartLines';
import {
  itemAdded,
  orderPlaced,
  selectCartItems,
  selectTotalAmount,
} from '../features/cart/cartSlice';
import { makeStore, type AppStore, type RootState } from '../store/makeStore';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  route?: string;
  /** Set with Jest's fake timers so typing and clicking advance them. */
  fakeTimers?: boolean;
}

/**
 * Renders with a fresh store (no persistence), an empty content cache and a memory router at
 * `route`: as a new page would, so tests do not depend on each other's order.
 */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { preloadedState, route = '/', fakeTimers = false, ...renderOptions } = options;
  reader.clear();
  const store = makeStore(preloadedState ? { preloadedState } : {});
  const user: UserEvent = userEvent.setup(
    fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {},
  );
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Provider>,
    renderOptions,
  );
  return { store, user, ...result };
}

export type MockHandler = (request: { url: string; init: RequestInit | undefined }) => {
  status?: number;
  body: unknown;
};

/** The test set-up's report of a request no test answered: it fails the test (setupTests.js). */
function reportUnanswered(url: string): void {
  const report = (globalThis as { __reportUnansweredRequest?: (url: string) => void })
    .__reportUnansweredRequest;
  report?.(url);
}

/**
 * Replaces fetch: each request is answered by the handler of the first matching path prefix; an
 * unexpected request fails the call, and the test when it ends (tooling/jest/setupTests.js).
 */
export function mockFetch(handlers: Record<string, MockHandler>) {
  const calls: string[] = [];
  const unhandled: string[] = [];
  const fetchMock = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(url);
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const match = Object.keys(handlers).find((prefix) => path.startsWith(prefix));
    const handler = match === undefined ? undefined : handlers[match];
    if (!handler) {
      unhandled.push(url);
      reportUnanswered(url);
      return Promise.reject(new TypeError(`Unexpected request in test: ${url}`));
    }
    const { status = 200, body } = handler({ url, init });
    return Promise.resolve({
      ok: status >= 200 && status < 300,
      status,
      json: () =>
        body === undefined ? Promise.reject(new SyntaxError('no body')) : Promise.resolve(body),
    } as Response);
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { fetchMock, calls, unhandled };
}

/**
 * A viewport for media queries: `(max-width: Npx)` matches at or below `width`, and
 * `(prefers-reduced-motion: reduce)` when asked for.
 */
export function mockViewport(width: number, options: { reducedMotion?: boolean } = {}) {
  window.matchMedia = (query: string) => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query);
    const matches = maxWidth
      ? width <= Number(maxWidth[1])
      : query.includes('prefers-reduced-motion')
        ? Boolean(options.reducedMotion)
        : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
}

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

/** The tests' sample course line: PLAB 1, 3 months, three of them at £19.99. */
export const PLAB_1_LINE: CartItemInput = {
  id: 2103,
  slug: 'plab-1-online-course',
  month: '3 Months',
  quantity: 3,
  price: 19.99,
  title: 'PLAB 1',
  product_id: 3103,
  variation_id: 310303,
};

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

// What tests of the shell and the remotes set up a store with, beyond the public entry.
export { makeStore, type AppStore, type RootState };
export { StorefrontProviders } from '../app/mountApp';
export { createSafeStorage } from '../session/storage';
export { SESSION_LIFETIME_MS } from '../constants';
export type { BusEvent } from '../bus/eventBus';
export type { CartSyncStatus } from '../features/cart/cartSyncSlice';
export type { CartItemInput };
export { itemAdded };
export { userLoggedIn } from '../features/login/loginSlice';
export { selectSubscriptions } from '../features/subscription/subscriptionSlice';
