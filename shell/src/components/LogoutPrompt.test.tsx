import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { eventBus, safeStorage, selectCartItems, useSession, type BusEventOf } from 'shared-store';
import {
  mockFetch,
  renderWithProviders,
  itemAdded,
  makeStore,
  userLoggedIn,
} from 'shared-store/testing';
import { LogoutPrompt } from './LogoutPrompt';

const TITLE = 'Your cart could not be saved';
/** The short retry of a logout (400 ms, then 1200 ms) and some room: fake time, not a sleep. */
const SHORT_RETRY_MS = 5000;

/** The header's Logout, a page behind it, and the prompt, as the shell lays them out. */
function Page() {
  const session = useSession();
  return (
    <>
      <button type="button" onClick={() => void session.logout()}>
        Logout
      </button>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/login" element={<h1>Log in</h1>} />
      </Routes>
      <LogoutPrompt />
    </>
  );
}

/** A logged-in learner with PLAB 1 in the cart. */
function learnerWithCart() {
  safeStorage.setItem('token', 'jwt.token');
  safeStorage.setItem('user_id', '3');
  safeStorage.setItem('loginTimestamp', String(Date.now()));
  // What redux-persist keeps of the cart on this device.
  safeStorage.setItem('persist:root', '{"cartData":"{}"}');
  const store = makeStore();
  store.dispatch(userLoggedIn());
  store.dispatch(
    itemAdded({
      id: 2103,
      slug: 'plab-1-online-course',
      month: '3 Months',
      quantity: 1,
      price: 19.99,
      title: 'PLAB 1',
    }),
  );
  return store.getState();
}

/** The cart service, down until `service.up` is set; the gateway's logout always answers. */
function cartService() {
  const service = { up: false, saved: [] as string[] };
  const fetchMock = mockFetch({
    '/lms/api/v1/item/get-cart-data': () => ({ body: { userId: 3, data: null } }),
    '/lms/api/v1/item/add-cart-data': ({ init }) => {
      if (!service.up) {
        return { status: 503, body: { code: 'unavailable', message: 'The cart service is down.' } };
      }
      service.saved.push(typeof init.body === 'string' ? init.body : '');
      return { body: { success: true } };
    },
    '/api/session/logout': () => ({ status: 204, body: undefined }),
  });
  return { service, ...fetchMock };
}

let toasts: BusEventOf<'notify'>[];
let stopListening: () => void;
let consoleWarn: jest.SpyInstance;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
  toasts = [];
  const subscription = eventBus.on('notify').subscribe((event) => {
    toasts.push(event);
  });
  stopListening = () => {
    subscription.unsubscribe();
  };
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  consoleError = jest.spyOn(console, 'error');
});

afterEach(() => {
  stopListening();
  consoleWarn.mockRestore();
  consoleError.mockRestore();
  jest.useRealTimers();
});

/** Renders the page, clicks Logout with the cart service down and waits for the question. */
async function logoutWithServiceDown() {
  const { service, calls } = cartService();
  const rendered = renderWithProviders(<Page />, {
    preloadedState: learnerWithCart(),
    fakeTimers: true,
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Logout' }));
  const dialog = await screen.findByRole(
    'alertdialog',
    { name: TITLE },
    { timeout: SHORT_RETRY_MS },
  );
  return { ...rendered, service, calls, dialog };
}

function expectWarnedOfFailedSaves(times: number) {
  expect(consoleWarn).toHaveBeenCalledTimes(times);
  for (const call of consoleWarn.mock.calls) {
    expect(call).toEqual([
      'The cart could not be saved at logout:',
      expect.objectContaining({ status: 503 }),
    ]);
  }
}

function expectLoggedIn(store: ReturnType<typeof makeStore>) {
  expect(store.getState().loginData.loginData).toBe(true);
  expect(safeStorage.getItem('token')).toBe('jwt.token');
  expect(screen.getByRole('heading', { name: 'Home' })).toBeVisible();
  expect(toasts).toEqual([]);
}

async function expectLoggedOut(store: ReturnType<typeof makeStore>) {
  expect(await screen.findByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(store.getState().loginData.loginData).toBe(false);
  expect(safeStorage.getItem('token')).toBeNull();
  expect(safeStorage.getItem('user_id')).toBeNull();
  expect(toasts).toEqual([{ type: 'notify', level: 'success', message: 'Logout Successfully' }]);
}

describe('the question a logout asks when the cart could not be saved', () => {
  it('a logout whose save fails after the short retry asks, with focus on Try again, and stays logged in', async () => {
    const { store, dialog, calls } = await logoutWithServiceDown();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'We could not save your cart to your account, so you are still logged in. Try again, or log out and keep the cart on this device: it will be added back to your account the next time you log in.',
    );
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(
      within(dialog).getByRole('button', { name: 'Log out and keep the cart on this device' }),
    ).toHaveAttribute('aria-disabled', 'false');
    expect(within(dialog).getByRole('button', { name: 'Stay logged in' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    // Three tries of the save: at once, after 400 ms, after 1200 ms.
    expect(calls.filter((url) => url.endsWith('/add-cart-data'))).toHaveLength(3);
    expect(calls).not.toContain('/api/session/logout');
    expectLoggedIn(store);
    expectWarnedOfFailedSaves(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('while the logout is still saving, no question is asked', async () => {
    cartService();
    const { user } = renderWithProviders(<Page />, {
      preloadedState: learnerWithCart(),
      fakeTimers: true,
    });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    // Saving: the short retry is still running.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('alertdialog', {}, { timeout: SHORT_RETRY_MS })).toBeVisible();
    expectWarnedOfFailedSaves(1);
  });

  it('Try again with the service back saves the cart, logs out and closes the question', async () => {
    const { user, store, service, calls } = await logoutWithServiceDown();
    service.up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(service.saved).toHaveLength(1);
    const request = JSON.parse(service.saved[0] ?? '{}') as { userId: number; data: string };
    expect(request.userId).toBe(3);
    expect(JSON.parse(request.data)).toEqual([
      expect.objectContaining({ id: 2103, month: '3 Months', quantity: 1 }),
    ]);
    expect(calls).toContain('/api/session/logout');
    await expectLoggedOut(store);
    // The cart is in the account now: this device forgets it.
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(safeStorage.getItem('persist:root')).toBeNull();
    expectWarnedOfFailedSaves(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('Try again while the service is still down is busy, then asks again', async () => {
    const { user, store } = await logoutWithServiceDown();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const dialog = screen.getByRole('alertdialog', { name: TITLE });
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    // Busy buttons say so but keep the focus (a disabled button would drop it).
    const saving = within(dialog).getByRole('button', { name: 'Saving your cart…' });
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    expect(saving).toHaveFocus();
    const keep = within(dialog).getByRole('button', {
      name: 'Log out and keep the cart on this device',
    });
    expect(keep).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Stay logged in' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Neither Escape nor a click cancels a save under way.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(keep);
    expect(screen.getByRole('alertdialog', { name: TITLE })).toBeInTheDocument();
    expectLoggedIn(store);

    const again = await within(dialog).findByRole(
      'button',
      { name: 'Try again' },
      { timeout: SHORT_RETRY_MS },
    );
    expect(again).toHaveAttribute('aria-disabled', 'false');
    expect(again).toHaveFocus();
    expect(screen.getByRole('alertdialog', { name: TITLE })).toHaveAttribute('aria-busy', 'false');
    expectLoggedIn(store);
    expectWarnedOfFailedSaves(2);
  });

  it('Log out and keep the cart on this device logs out, keeping the cart lines', async () => {
    const { user, store, calls } = await logoutWithServiceDown();
    const lines = selectCartItems(store.getState());
    const persisted = safeStorage.getItem('persist:root');
    expect(persisted).not.toBeNull();
    await user.click(
      screen.getByRole('button', { name: 'Log out and keep the cart on this device' }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    await expectLoggedOut(store);
    expect(calls).toContain('/api/session/logout');
    expect(selectCartItems(store.getState())).toEqual(lines);
    expect(lines).toEqual([expect.objectContaining({ id: 2103, title: 'PLAB 1', quantity: 1 })]);
    expect(safeStorage.getItem('persist:root')).toBe(persisted);
    // No further try to save it: it joins the account's cart at the next login.
    expect(calls.filter((url) => url.endsWith('/add-cart-data'))).toHaveLength(3);
    expectWarnedOfFailedSaves(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('Stay logged in closes the question, keeps the learner logged in and gives focus back to Logout', async () => {
    const { user, store } = await logoutWithServiceDown();
    await user.click(screen.getByRole('button', { name: 'Stay logged in' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    expectLoggedIn(store);
    expect(selectCartItems(store.getState())).toHaveLength(1);
    expectWarnedOfFailedSaves(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('Escape stays logged in, closes the question and gives focus back to Logout', async () => {
    const { user, store } = await logoutWithServiceDown();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    expectLoggedIn(store);
    expectWarnedOfFailedSaves(1);
  });

  it('after staying logged in, Logout asks again when the save fails again', async () => {
    const { user } = await logoutWithServiceDown();
    await user.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByRole('alertdialog', { name: TITLE }, { timeout: SHORT_RETRY_MS }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    expectWarnedOfFailedSaves(2);
  });
});
