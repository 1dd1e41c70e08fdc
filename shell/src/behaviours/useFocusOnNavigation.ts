import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Moves inside the app for keyboard and screen reader users: after each move to another page
 * (links, back and forward; not the page's first load) or to a #target, the focus goes to the new
 * page's heading or the target, and another page's title is said (navigationFocus.ts, whose code
 * comes with the first move: the first screen needs none of it). A move that changes only the
 * query (a list's filters, a new search on the search page) leaves the focus where it is. Returns
 * what the shell's live region says: null, no region, until the first move (the page's first
 * paint is the served page's), then empty, so that the region is there before it speaks.
 */
export function useFocusOnNavigation(): string | null {
  const { key, pathname, hash } = useLocation();
  const [announcement, setAnnouncement] = useState<string | null>(null);
  // The history entry on screen: null until the page's first render.
  const shown = useRef<{ key: string; pathname: string } | null>(null);

  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = { key, pathname };
    // The page's first load, or its first render again (React's checks in development).
    if (previous === null || previous.key === key) return undefined;
    const newPage = previous.pathname !== pathname;
    if (!newPage && !hash) return undefined;
    // As the move begins (the old page just gone): the focus is where the visitor left it, and
    // the same title said again is heard again.
    const origin = document.activeElement;
    setAnnouncement('');
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import(/* webpackChunkName: "navigation-focus" */ './navigationFocus').then(
      ({ followMove }) => {
        if (!cancelled) stop = followMove({ origin, hash, newPage, announce: setAnnouncement });
      },
      (error: unknown) => {
        console.warn('The focus stays where it was: its code could not load.', error);
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key, pathname, hash]);

  return announcement;
}
