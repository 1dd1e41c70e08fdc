/**
 * Test helpers for every package: a real store behind the real providers, and one network mock
 * (Mock Service Worker) that fails on any request a test did not expect.
 */
import { render, type RenderOptions } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { SetupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createReader, reader } from '../api/read';
import type { AddOutcome, CartModel, PackageChoice, ShopLine } from '../contract/cartModel';
import { makeStore, startPersistence, type AppStore, type RootState } from '../store/makeStore';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState> & Record<string, unknown>;
  /** Runs on the new store before the first render (a team's model connects to it). */
  prepare?: (store: AppStore) => void;
  route?: string;
  /** Set with Jest's fake timers so typing and clicking advance them. */
  fakeTimers?: boolean;
}

/**
 * Renders with a fresh store (no persistence), an empty content cache and a memory router at
 * `route`: as a new page would, so tests do not depend on each other's order.
 */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { preloadedState, prepare, route = '/', fakeTimers = false, ...renderOptions } = options;
  reader.clear();
  const store = makeStore(preloadedState ? { preloadedState } : {});
  prepare?.(store);
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

/** A request as a mockFetch handler sees it. */
export interface MockRequest {
  /** The URL as the page asked for it: a same-origin request's path and query, else the URL. */
  url: string;
  /** What the request carried, in fetch's terms: its method, headers, cache mode and text body. */
  init: RequestInit & { method: string; headers: Headers; body: string | undefined };
  /** The request itself, for anything else (its body is unread: `init` read a copy). */
  request: Request;
}

/** An answer with `body` as JSON (none when undefined) and `status` (200 unless told). */
export interface MockAnswer {
  status?: number;
  body: unknown;
}

/**
 * Answers one request: with `{ status, body }`, with a Response of any other shape, or with a
 * promise of either; a promise that never settles leaves the request pending (`pendingAnswer`).
 */
export type MockHandler = (
  request: MockRequest,
) => MockAnswer | Response | Promise<MockAnswer | Response>;

/**
 * console.warn for one test, kept off the output: the test says what it expects to be warned of
 * (`mock.calls`). Restored by `jest.restoreAllMocks()`.
 */
export function warnings(): jest.SpyInstance {
  return jest.spyOn(console, 'warn').mockImplementation(() => undefined);
}

/** An answer that never comes: the request stays pending until the page aborts it. */
export function pendingAnswer(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/** The Mock Service Worker server the test set-up listens with (tooling/jest/setupTests.js). */
function testServer(): SetupServer {
  const server = (globalThis as { __testServer?: SetupServer }).__testServer;
  if (!server) throw new Error('mockFetch needs the test set-up of tooling/jest/setupTests.js.');
  return server;
}

/** The mockFetch in force: a later call replaces the handlers of an earlier one. */
let current: object | undefined;

function pageUrl(url: string): string {
  const parsed = new URL(url);
  return parsed.origin === globalThis.location.origin ? parsed.pathname + parsed.search : url;
}

/** What a request carried, in fetch's terms (its body read from a copy). */
async function initOf(request: Request): Promise<MockRequest['init']> {
  const text =
    request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
  return {
    method: request.method,
    headers: new Headers(request.headers),
    body: text === '' ? undefined : text,
    cache: request.cache,
  };
}

function toResponse(answer: MockAnswer | Response): Response {
  if (answer instanceof Response) return answer;
  const { status = 200, body } = answer;
  return body === undefined
    ? new HttpResponse(null, { status })
    : HttpResponse.json(body as JsonBodyType, { status });
}

/**
 * Answers the page's requests for the rest of the test, over the test set-up's Mock Service
 * Worker: each request by the handler of the first path prefix it starts with (its origin aside).
 * A request no prefix matches fails the call, and the test when it ends
 * (tooling/jest/setupTests.js). Returns the URLs requested (`calls`), those no handler answered
 * (`unhandled`) and `fetchMock`, called with `(url, init)` for each request, for Jest's call
 * assertions.
 */
export function mockFetch(handlers: Record<string, MockHandler>) {
  const calls: string[] = [];
  const unhandled: string[] = [];
  const fetchMock = jest.fn<undefined, [string, MockRequest['init']]>();
  const self = {};
  current = self;
  const handlerFor = (url: string): MockHandler | undefined => {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const match = Object.keys(handlers).find((prefix) => path.startsWith(prefix));
    return match === undefined ? undefined : handlers[match];
  };
  testServer().use(
    http.all(
      // Which requests this mockFetch answers: while in force, those of its prefixes. Any other
      // is no handler's, and fails in the set-up's onUnhandledRequest; none reaches the network.
      async ({ request }) => {
        if (current !== self) return false;
        const url = pageUrl(request.url);
        calls.push(url);
        fetchMock(url, await initOf(request));
        if (handlerFor(url)) return true;
        unhandled.push(url);
        return false;
      },
      async ({ request }) => {
        const url = pageUrl(request.url);
        const handler = handlerFor(url);
        // The predicate let through only the requests of a prefix; were it not so, no network.
        if (!handler) return HttpResponse.error();
        return toResponse(await handler({ url, init: await initOf(request), request }));
      },
    ),
  );
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
 * Gold Membership for 3 months (£129.99) as its package card chooses it: the sample shop's product
 * 3202 and variation 320203, as the home team sends it and the cart team receives it.
 */
export const GOLD_3_MONTHS: PackageChoice = {
  product_id: 3202,
  slug: 'gold-membership',
  title: 'Gold Membership',
  tier: 'gold',
  month: '3 Months',
  price: 129.99,
  variation_id: 320203,
};

/** What the other teams asked of the cart's model stand-in, in order. */
type CartRequest = { lineAdded: ShopLine } | { packageChosen: PackageChoice };

/**
 * A stand-in for the cart team's model in the tests of the other teams: it records what they ask
 * of the cart (its actions change nothing in the store), shows `count` on the badge and answers
 * every add with `outcome`.
 */
export function cartModelStandIn(count = 0, outcome: AddOutcome = { adds: true }) {
  const asked: CartRequest[] = [];
  const model: CartModel = {
    connect: () => undefined,
    start: () => undefined,
    selectTotalQuantity: () => count,
    lineAdded: (line) => {
      asked.push({ lineAdded: line });
      return { type: 'cartStandIn/lineAdded' };
    },
    packageChosen: (choice) => {
      asked.push({ packageChosen: choice });
      return { type: 'cartStandIn/packageChosen' };
    },
    addOutcome: () => outcome,
  };
  return {
    model,
    asked,
    /** The lines asked for, in order. */
    linesAdded: () =>
      asked.flatMap((request) => ('lineAdded' in request ? [request.lineAdded] : [])),
  };
}

// What tests of the shell and the remotes set up a store with, beyond the public entry.
export { makeStore, startPersistence, createReader, type AppStore, type RootState };
export { createSafeStorage } from '../session/storage';
export { SESSION_LIFETIME_MS } from '../constants';
export { STORED_STATE_KEY } from '../store/persist';
export { track } from '../bus/eventBus';
export type { BusEvent } from '../bus/eventBus';
export { userLoggedIn } from '../session/loginSlice';
export { storageLost } from '../session/sessionStatusSlice';
export { createSession, type SessionDeps } from '../session/session';
export { sessionDepsFor } from './fakeAuth';
export { mountedStore, writeStoredState } from './storedState';
export { drawingBy, drawnBy, seen, servedPage } from './serverMarkup';
export { recordAnalytics, type AnalyticsRecording } from './analytics';
