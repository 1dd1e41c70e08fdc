import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  NavigationType,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
} from 'react-router-dom';

interface Shown {
  action: NavigationType;
  location: Location;
}

/** The same history entry: a back or forward press moves to another. */
function sameEntry(a: Location, b: Location): boolean {
  return a.key === b.key && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

/**
 * The page's router: react-router's BrowserRouter, but one that misses no back or forward press.
 * BrowserRouter reads the address when it first renders and hears the browser's moves only once
 * that render is on screen; the page's first render is a transition that yields to the browser
 * and waits for the route's code, so a back pressed in between (a reloaded page still booting)
 * was lost, and the page showed the route it was served for under another address. This one
 * looks at the address again as it starts listening.
 */
export function PageRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState<Shown>(() => ({
    action: history.action,
    location: history.location,
  }));

  useLayoutEffect(() => {
    // A move already shown (the address read again, unchanged) renders nothing again.
    const show = (move: Shown) => {
      setShown((before) => (sameEntry(before.location, move.location) ? before : move));
    };
    const stop = history.listen((move) => {
      startTransition(() => {
        show(move);
      });
    });
    // Listening, the address is read again: the move missed since the first render, if any.
    show({ action: NavigationType.Pop, location: history.location });
    return stop;
  }, [history]);

  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history}>
      {children}
    </Router>
  );
}
