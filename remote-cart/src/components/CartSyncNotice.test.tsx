import { screen } from '@testing-library/react';
import {
  makeStore,
  renderWithProviders,
  storageLost as storageLostAction,
  userLoggedIn,
} from 'shared-store/testing';
import { syncStatusChanged, type CartSyncStatus } from '../model/cartSyncSlice';
import { CartSyncNotice } from './CartSyncNotice';

const OFFLINE =
  'You are offline. Your cart is saved on this device and will sync to your account when you are back online.';
const RETRYING =
  'Your cart is saved on this device. We could not reach your account yet and will keep trying.';
const NEWER =
  'Your saved cart was saved by a newer version of the shop. Reload the page to see it.';
const STORAGE_LOST =
  'This browser is not letting the shop keep your cart: it will be lost when you close this page.';

const ALL_STATUSES: CartSyncStatus[] = ['idle', 'saving', 'saved', 'offline', 'retrying', 'newer'];

/** A page whose cart sync stands at `status`, for a learner or a visitor. */
function pageState(
  status: CartSyncStatus,
  { loggedIn, storageLost = false }: { loggedIn: boolean; storageLost?: boolean },
) {
  const store = makeStore();
  if (loggedIn) store.dispatch(userLoggedIn());
  if (storageLost) store.dispatch(storageLostAction());
  store.dispatch(syncStatusChanged(status));
  return store.getState();
}

function renderNotice(...args: Parameters<typeof pageState>) {
  return renderWithProviders(<CartSyncNotice />, { preloadedState: pageState(...args) });
}

/** The paragraphs the status region shows, in order. */
function shownMessages(): string[] {
  return Array.from(screen.getByRole('status').querySelectorAll('p'), (p) => p.textContent);
}

describe('the cart sync notice of a logged-in learner', () => {
  it.each([
    ['offline', OFFLINE],
    ['retrying', RETRYING],
  ] as const)('%s: says the cart is kept on this device', (status, message) => {
    renderNotice(status, { loggedIn: true });
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(shownMessages()).toEqual([message]);
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('newer: says a newer shop saved the cart and offers a Reload button', () => {
    renderNotice('newer', { loggedIn: true });
    expect(screen.getByRole('status')).toHaveTextContent(`${NEWER} Reload`);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  it('Reload reloads the page', async () => {
    // jsdom cannot navigate: a reload reaches its "not implemented" error, which Jest's
    // environment reports through console.error.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { user } = renderNotice('newer', { loggedIn: true });
      await user.click(screen.getByRole('button', { name: 'Reload' }));
      expect(consoleError).toHaveBeenCalledTimes(1);
      const reported: unknown = consoleError.mock.calls[0]?.[0];
      expect(reported).toHaveProperty(
        'message',
        expect.stringMatching(/^Not implemented: navigation/),
      );
    } finally {
      consoleError.mockRestore();
    }
  });

  it.each(['idle', 'saving', 'saved'] as const)(
    '%s: the status region is there and empty',
    (status) => {
      renderNotice(status, { loggedIn: true });
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    },
  );

  it('storage lost: says the cart will be lost, with the offline notice when both hold', () => {
    renderNotice('offline', { loggedIn: true, storageLost: true });
    expect(shownMessages()).toEqual([STORAGE_LOST, OFFLINE]);
  });
});

describe('the cart sync notice of a visitor (no account to sync with)', () => {
  it.each(ALL_STATUSES)('%s: the status region is empty', (status) => {
    renderNotice(status, { loggedIn: false });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it.each(ALL_STATUSES)(
    'storage lost (%s): says the cart will be lost, and only that',
    (status) => {
      renderNotice(status, { loggedIn: false, storageLost: true });
      expect(shownMessages()).toEqual([STORAGE_LOST]);
      expect(screen.getByRole('status')).toHaveTextContent(STORAGE_LOST);
    },
  );
});
