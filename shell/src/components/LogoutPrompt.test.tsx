import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import {
  eventBus,
  joinSession,
  safeStorage,
  useSession,
  type AppStore,
  type BusEventOf,
} from 'shared-store';
import { mockFetch, renderWithProviders, makeStore, userLoggedIn } from 'shared-store/testing';
import { LogoutPrompt } from './LogoutPrompt';

const TITLE = 'Your cart could not be saved';
/** How long the stand-in's save takes (the cart's takes its short retry): fake time, not a sleep. */
const SAVE_MS = 1600;
/** The save and some room. */
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

/** A logged-in learner, with the stored state the device keeps (the cart's, among others). */
function learner() {
  safeStorage.setItem('token', 'jwt.token');
  safeStorage.setItem('user_id', '3');
  safeStorage.setItem('loginTimestamp', String(Date.now()));
  safeStorage.setItem('persist:root', '{"cartData":"{}"}');
  const store = makeStore();
  store.dispatch(userLoggedIn());
  return store.getState();
}

/**
 * What the learner keeps in the account (the cart, whose own save is the cart's concern): a
 * stand-in taking part in the session, whose save takes SAVE_MS and fails until `account.up`.
 * It counts its saves and hears how the session ended.
 */
function account() {
  const state = { up: false, saves: 0, ended: [] as boolean[] };
  const join = (store: AppStore) => {
    joinSession(store, {
      beforeLogout: () =>
        new Promise((resolve) => {
          state.saves += 1;
          setTimeout(() => {
            resolve(state.up ? 'saved' : 'failed');
          }, SAVE_MS);
        }),
      sessionEnded: ({ keepOnDevice }) => {
        state.ended.push(keepOnDevice);
      },
    });
  };
  const { calls } = mockFetch({ '/api/session/logout': () => ({ status: 204, body: undefined }) });
  return { account: state, join, calls };
}

let toasts: BusEventOf<'notify'>[];
let stopListening: () => void;
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
  consoleError = jest.spyOn(console, 'error');
});

afterEach(() => {
  stopListening();
  consoleError.mockRestore();
  jest.useRealTimers();
});

/** Renders the page, clicks Logout with the account's save failing and waits for the question. */
async function logoutWithSaveFailing() {
  const { account: saved, join, calls } = account();
  const rendered = renderWithProviders(<Page />, {
    preloadedState: learner(),
    prepare: join,
    fakeTimers: true,
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Logout' }));
  const dialog = await screen.findByRole(
    'alertdialog',
    { name: TITLE },
    { timeout: SHORT_RETRY_MS },
  );
  return { ...rendered, account: saved, calls, dialog };
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
  it('a logout whose save fails asks, with focus on Try again, and stays logged in', async () => {
    const { store, dialog, calls, account: saved } = await logoutWithSaveFailing();
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
    expect(saved.saves).toBe(1);
    expect(calls).not.toContain('/api/session/logout');
    expectLoggedIn(store);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('while the logout is still saving, no question is asked', async () => {
    const { join } = account();
    const { user } = renderWithProviders(<Page />, {
      preloadedState: learner(),
      prepare: join,
      fakeTimers: true,
    });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    // Saving: the save is still under way.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('alertdialog', {}, { timeout: SHORT_RETRY_MS })).toBeVisible();
  });

  it('Try again with the save working saves, logs out and closes the question', async () => {
    const { user, store, account: saved, calls } = await logoutWithSaveFailing();
    saved.up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(
      () => {
        expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      },
      { timeout: SHORT_RETRY_MS },
    );
    expect(saved.saves).toBe(2);
    expect(calls).toContain('/api/session/logout');
    await expectLoggedOut(store);
    // Saved in the account now: this device forgets it.
    expect(saved.ended).toEqual([false]);
    expect(safeStorage.getItem('persist:root')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('Try again while the save still fails is busy, then asks again', async () => {
    const { user, store, account: saved } = await logoutWithSaveFailing();
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
    expect(saved.saves).toBe(2);
  });

  it('Log out and keep the cart on this device logs out, keeping what the device stores', async () => {
    const { user, store, calls, account: saved } = await logoutWithSaveFailing();
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
    expect(safeStorage.getItem('persist:root')).toBe(persisted);
    // No further try to save it: the cart stays on this device, to join the account at the next login.
    expect(saved.saves).toBe(1);
    expect(saved.ended).toEqual([true]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('Stay logged in closes the question, keeps the learner logged in and gives focus back to Logout', async () => {
    const { user, store, account: saved } = await logoutWithSaveFailing();
    await user.click(screen.getByRole('button', { name: 'Stay logged in' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    expectLoggedIn(store);
    expect(saved.ended).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('Escape stays logged in, closes the question and gives focus back to Logout', async () => {
    const { user, store } = await logoutWithSaveFailing();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    expectLoggedIn(store);
  });

  it('after staying logged in, Logout asks again when the save fails again', async () => {
    const { user, account: saved } = await logoutWithSaveFailing();
    await user.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByRole('alertdialog', { name: TITLE }, { timeout: SHORT_RETRY_MS }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(saved.saves).toBe(2);
  });
});
