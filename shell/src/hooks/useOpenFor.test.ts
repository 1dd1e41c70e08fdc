import { act, renderHook } from '@testing-library/react';
import { useOpenFor } from './useOpenFor';

describe('useOpenFor: whether the page has been open a while, by its own clock', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('is false until the page has been open that long, then true', () => {
    const opened = performance.now();
    const { result } = renderHook(() => useOpenFor(opened + 7000));
    act(() => {
      jest.advanceTimersByTime(6999);
    });
    expect(result.current).toBe(false);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
  });

  it('is true at once on a page already open that long (a page opened from another)', () => {
    const { result } = renderHook(() => useOpenFor(performance.now() - 1));
    expect(result.current).toBe(true);
  });
});
