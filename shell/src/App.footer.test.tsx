import { act, screen, waitFor } from '@testing-library/react';
import { FOOTER_SHOW_DELAY_MS } from 'shared-store';
import { mockFetch, pendingAnswer, renderWithProviders } from 'shared-store/testing';
import { App } from './App';
import { NEAR_MARGIN } from './hooks/useNearViewport';

const loadRemoteComponent = jest.fn((id: string) =>
  Promise.resolve({ default: () => <p>{id}</p> }),
);
jest.mock('./remotes/federation', () => ({
  loadRemoteComponent: (id: string) => loadRemoteComponent(id),
}));

/** The browser's view of where the footer's space is: each observer, with what it watches. */
const observers: { callback: IntersectionObserverCallback; margin?: string; watched: Element[] }[] =
  [];

/** The visitor scrolls until every watched element is within the observers' margin. */
function scrollNear() {
  act(() => {
    for (const observer of observers) {
      observer.callback(
        observer.watched.map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        ),
        {} as IntersectionObserver,
      );
    }
  });
}

beforeEach(() => {
  mockFetch({ '/': pendingAnswer });
  observers.length = 0;
  loadRemoteComponent.mockClear();
  window.IntersectionObserver = class {
    private readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, margin: options?.rootMargin, watched: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.watched.push(target);
    }
    disconnect() {
      this.entry.watched = [];
    }
  } as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  Reflect.deleteProperty(window, 'IntersectionObserver');
});

describe('the footer, below every first screen', () => {
  it('its code is not asked for while the visitor reads the top of the page, even once it is due', async () => {
    jest.useFakeTimers();
    renderWithProviders(<App />, { route: '/' });
    // Where the footer is is judged once the page is due: before, its content may still come.
    expect(observers.some((observer) => observer.watched.length > 0)).toBe(false);
    expect(await screen.findByText('home/HomePage')).toBeInTheDocument();
    // Past the time the footer is due at the latest, however the page loads.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(FOOTER_SHOW_DELAY_MS);
    });
    jest.useRealTimers();
    expect(observers.some((observer) => observer.watched.length > 0)).toBe(true);
    expect(loadRemoteComponent).not.toHaveBeenCalledWith('footer/Footer');
    expect(screen.queryByText('footer/Footer')).not.toBeInTheDocument();
  });

  it('comes once the visitor scrolls within a screen of its space', async () => {
    renderWithProviders(<App />, { route: '/' });
    await waitFor(() => {
      expect(observers.some((observer) => observer.watched.length > 0)).toBe(true);
    });
    const watching = observers.find((observer) => observer.watched.length > 0);
    expect(watching?.margin).toBe(NEAR_MARGIN);
    expect(watching?.watched[0]).toHaveClass('shell-footer-space');
    scrollNear();
    expect(await screen.findByText('footer/Footer')).toBeInTheDocument();
    expect(loadRemoteComponent).toHaveBeenCalledWith('footer/Footer');
  });

  it('a browser that cannot say where it is gets it once the page has loaded', async () => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
    renderWithProviders(<App />, { route: '/' });
    expect(await screen.findByText('footer/Footer')).toBeInTheDocument();
  });
});
