import { act } from '@testing-library/react';
import { eventBus, selectStorageLost, type BusEventOf } from 'shared-store';
import { makeStore, renderWithProviders, storageLost, userLoggedIn } from 'shared-store/testing';
import { RenderedAgain, renderAgain } from '../testing/renderedAgain';
import { useStorageNotice } from './useStorageNotice';

const STORAGE_LOST_TOAST =
  'Your browser is not letting this site save data, so your cart will be lost when you close this page.';

const Probe = () => <RenderedAgain hook={useStorageNotice} />;

/** The page's state with or without the browser's storage. */
function pageState(lost: boolean) {
  const store = makeStore();
  if (lost) store.dispatch(storageLost());
  return store.getState();
}

let toasts: BusEventOf<'notify'>[];
let stopListening: () => void;

beforeEach(() => {
  toasts = [];
  const subscription = eventBus.on('notify').subscribe((event) => {
    toasts.push(event);
  });
  stopListening = () => {
    subscription.unsubscribe();
  };
});

afterEach(() => {
  stopListening();
});

describe('the toast when the browser refuses storage', () => {
  it('a page whose storage is lost shows one error toast saying the cart will be lost', () => {
    renderWithProviders(<Probe />, { preloadedState: pageState(true) });
    expect(toasts).toEqual([{ type: 'notify', level: 'error', message: STORAGE_LOST_TOAST }]);
  });

  it('the toast is shown once however often the page renders again (Strict Mode included)', async () => {
    const { user, store } = renderWithProviders(<Probe />, {
      preloadedState: pageState(true),
      reactStrictMode: true,
    });
    await renderAgain(user, 2);
    act(() => {
      store.dispatch(userLoggedIn());
    });
    expect(toasts).toHaveLength(1);
  });

  it('storage lost while the page is open shows the toast then, and only once', async () => {
    const { user, store } = renderWithProviders(<Probe />, {
      preloadedState: pageState(false),
    });
    expect(toasts).toEqual([]);
    // As mountApp does when the browser refuses a write.
    act(() => {
      store.dispatch(storageLost());
    });
    expect(selectStorageLost(store.getState())).toBe(true);
    expect(toasts).toEqual([{ type: 'notify', level: 'error', message: STORAGE_LOST_TOAST }]);
    act(() => {
      store.dispatch(storageLost());
    });
    await renderAgain(user, 2);
    expect(toasts).toHaveLength(1);
  });

  it('a page that keeps its storage shows no toast', async () => {
    const { user, store } = renderWithProviders(<Probe />, {
      preloadedState: pageState(false),
    });
    act(() => {
      store.dispatch(userLoggedIn());
    });
    await renderAgain(user, 2);
    expect(toasts).toEqual([]);
  });
});
