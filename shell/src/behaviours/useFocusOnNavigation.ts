import { useLayoutEffect, useRef } from 'react';
import { useLocation, type Location } from 'react-router-dom';

/**
 * Moves inside the app for keyboard and screen reader users (links, back and forward; not the
 * page's first load): the focus goes to the new page's heading, and its title is said
 * (navigationFocus.ts, whose code comes with the first move: the first screen needs none of it).
 */
export function useFocusOnNavigation(): void {
  const location = useLocation();
  // The history entry on screen: none until the page's first render.
  const shown = useRef<Location | null>(null);

  useLayoutEffect(() => {
    const from = shown.current;
    shown.current = location;
    // As the move begins (the old page just gone): where the focus is is the visitor's.
    const origin = document.activeElement;
    // Not the first render, nor the same again (React's checks in development).
    if (from && from.key !== location.key) {
      import(/* webpackChunkName: "navigation-focus" */ './navigationFocus').then(
        ({ followMove }) => {
          followMove(from, location, origin);
        },
        // Without its code, the focus stays where it was, as before.
        () => undefined,
      );
    }
  }, [location]);
}
