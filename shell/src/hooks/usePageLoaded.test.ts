import { act, renderHook } from '@testing-library/react';
import { usePageLoaded } from './usePageLoaded';
import { IDLE_WAIT_MS } from './whenIdle';

const LATEST_MS = 2000;

/** The document as the browser has it while it is still loading its subresources. */
function stillLoading(): () => void {
  Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
  return () => {
    Reflect.deleteProperty(document, 'readyState');
  };
}

describe('usePageLoaded', () => {
  let restore: () => void;

  beforeEach(() => {
    jest.useFakeTimers();
    restore = stillLoading();
  });

  afterEach(() => {
    restore();
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
    jest.useRealTimers();
  });

  it('is false while the page loads, and true at the first idle moment after its load event', () => {
    const idle: IdleRequestCallback[] = [];
    const requestIdle = jest.fn((task: IdleRequestCallback) => idle.push(task));
    window.requestIdleCallback = requestIdle;
    window.cancelIdleCallback = jest.fn();
    const { result } = renderHook(() => usePageLoaded(LATEST_MS));
    act(() => {
      jest.advanceTimersByTime(500);
    });
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(0);

    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    // Loaded, but the browser is still busy with the first screen.
    expect(result.current).toBe(false);
    expect(requestIdle).toHaveBeenCalledWith(expect.any(Function), {
      timeout: IDLE_WAIT_MS,
    });
    act(() => {
      idle[0]?.({ didTimeout: false, timeRemaining: () => 10 });
    });
    expect(result.current).toBe(true);
  });

  it('without requestIdleCallback (Safari), the next task after the load event', () => {
    const { result } = renderHook(() => usePageLoaded(LATEST_MS));
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(result.current).toBe(false);
    act(() => {
      jest.advanceTimersByTime(0);
    });
    expect(result.current).toBe(true);
  });

  it('a page whose load never ends is done `latestMs` after it opened', () => {
    const { result } = renderHook(() => usePageLoaded(LATEST_MS));
    act(() => {
      jest.advanceTimersByTime(LATEST_MS - 1);
    });
    expect(result.current).toBe(false);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
  });

  it('a page already loaded when it mounts waits only for the next idle moment', () => {
    restore();
    const { result } = renderHook(() => usePageLoaded(LATEST_MS));
    act(() => {
      jest.advanceTimersByTime(0);
    });
    expect(result.current).toBe(true);
  });

  it('unmounted before then, it leaves nothing behind', () => {
    const { unmount } = renderHook(() => usePageLoaded(LATEST_MS));
    unmount();
    expect(jest.getTimerCount()).toBe(0);
    window.dispatchEvent(new Event('load'));
    expect(jest.getTimerCount()).toBe(0);
  });
});
