import { act, render, screen } from '@testing-library/react';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';

describe('a media query', () => {
  function Layout() {
    return <p>{useMediaQuery(MOBILE_QUERY) ? 'phone' : 'wide'}</p>;
  }

  it('is read now, and again when it changes; listening stops with the component', () => {
    const listeners = new Set<() => void>();
    let matches = false;
    window.matchMedia = (media: string) =>
      ({
        media,
        get matches() {
          return matches;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList;
    const { unmount } = render(<Layout />);
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => {
      matches = true;
      for (const listener of listeners) listener();
    });
    expect(screen.getByText('phone')).toBeInTheDocument();
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('does not match where the browser cannot tell', () => {
    window.matchMedia = undefined as unknown as typeof window.matchMedia;
    render(<Layout />);
    expect(screen.getByText('wide')).toBeInTheDocument();
  });
});
