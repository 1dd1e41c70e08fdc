import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { safeStorage } from 'shared-store';
import { mockFetch, renderWithProviders, SESSION_LIFETIME_MS } from 'shared-store/testing';
import { Popup } from './Popup';
import { ScrollToTopButton } from './ScrollToTopButton';
import { useIosDashboardRedirect } from './useIosDashboardRedirect';
import { useSessionWatcher } from './useSessionWatcher';

function setUrl(search: string, userAgent = 'Mozilla/5.0') {
  window.history.replaceState(null, '', `/${search}`);
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
}

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  setUrl('');
});

afterEach(() => {
  jest.useRealTimers();
});

describe('popup', () => {
  it('opens 10 s after load', async () => {
    renderWithProviders(<Popup />);
    act(() => {
      jest.advanceTimersByTime(9999);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(
      await screen.findByRole('dialog', { name: 'Get exam tips from Arora Updates' }),
    ).toBeVisible();
  });

  it('closing it stores popupClosed, and then it does not open again', async () => {
    const first = renderWithProviders(<Popup />);
    act(() => {
      jest.advanceTimersByTime(10_000);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(safeStorage.getItem('popupClosed')).toBe('true');
    first.unmount();
    renderWithProviders(<Popup />);
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never opens in the app', () => {
    setUrl('?isMobileApp=true');
    renderWithProviders(<Popup />);
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('scroll-to-top button', () => {
  it('appears after 20 px of scrolling and scrolls back up', () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo;
    renderWithProviders(<ScrollToTopButton />);
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 20, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 21, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('appears for a page scrolled before it came (the served page, scrolled while its code loaded)', () => {
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
    renderWithProviders(<ScrollToTopButton />);
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  });
});

function Redirect({ go }: { go: (url: string) => void }) {
  useIosDashboardRedirect(go);
  return null;
}

describe('iOS app dashboard redirect', () => {
  it('with a token in the iOS app, goes to the dashboard after 0.5 s', () => {
    setUrl('?isMobileApp=true', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    safeStorage.setItem('token', 'jwt');
    const go = jest.fn();
    renderWithProviders(<Redirect go={go} />);
    act(() => {
      jest.advanceTimersByTime(499);
    });
    expect(go).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(go).toHaveBeenCalledWith('/portal/course/jwt?isMobileApp=true');
  });

  it('does nothing outside the iOS app or without a session', () => {
    const go = jest.fn();
    safeStorage.setItem('token', 'jwt');
    renderWithProviders(<Redirect go={go} />);
    setUrl('?isMobileApp=true', 'Mozilla/5.0 (iPhone)');
    safeStorage.removeItem('token');
    renderWithProviders(<Redirect go={go} />);
    act(() => {
      jest.advanceTimersByTime(5000);
    });
    expect(go).not.toHaveBeenCalled();
  });
});

function Watcher() {
  useSessionWatcher();
  return null;
}

describe('session watcher', () => {
  it('checks expiry on load, when the tab becomes visible, and every minute', async () => {
    const revoked: string[] = [];
    mockFetch({
      '/api/session/logout': () => {
        revoked.push('revoked');
        return { status: 204, body: undefined };
      },
    });
    const now = Date.now();
    jest.setSystemTime(now);
    safeStorage.setItem('token', 'jwt');
    safeStorage.setItem('loginTimestamp', String(now - SESSION_LIFETIME_MS + 90_000));
    const { store } = renderWithProviders(<Watcher />);
    expect(safeStorage.getItem('token')).toBe('jwt');
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(safeStorage.getItem('token')).toBe('jwt');
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    await waitFor(() => {
      expect(safeStorage.getItem('token')).toBeNull();
    });
    expect(store.getState().loginData.loginData).toBe(false);

    safeStorage.setItem('token', 'jwt');
    safeStorage.setItem('loginTimestamp', String(now - SESSION_LIFETIME_MS));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => {
      expect(safeStorage.getItem('token')).toBeNull();
    });
    expect(revoked).toEqual(['revoked', 'revoked']);
  });
});
