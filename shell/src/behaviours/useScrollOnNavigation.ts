import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** How long a page going back may take to grow tall enough for its old position. */
const RESTORE_WAIT_MS = 10_000;

/** What stops waiting to restore a position: the visitor scrolling on their own. */
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** The last position of each page of this visit, by its history entry's key. */
const positions = new Map<string, number>();

/**
 * Scrolls to `top` once the page is tall enough for it (a remote's page draws after its code and
 * its reads have come), unless the visitor scrolls first. Returns what stops waiting.
 */
function scrollWhenReachable(top: number): () => void {
  const reachable = () => document.documentElement.scrollHeight - window.innerHeight >= top - 1;
  window.scrollTo(0, top);
  if (reachable()) return () => undefined;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of VISITOR_SCROLLS) window.removeEventListener(type, stop);
  };
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, top);
    if (reachable()) stop();
  });
  observer.observe(document.body);
  const timer = setTimeout(stop, RESTORE_WAIT_MS);
  for (const type of VISITOR_SCROLLS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * Where a page starts: a page the visitor goes to starts at its top (at its `#target` when the
 * address has one, which useScrollToHash scrolls to); back and forward return to where that page
 * was left, once it is drawn again. The shell keeps these positions itself (the browser's own
 * restoring, made for whole pages, would scroll before a remote's page is drawn, and be cut short);
 * a reload is left to the browser, as it is a whole page.
 */
export function useScrollOnNavigation(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const toBrowser = () => {
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', toBrowser);
    return () => {
      window.removeEventListener('pagehide', toBrowser);
      toBrowser();
    };
  }, []);

  // The position of the page on screen, kept as the visitor scrolls: the page's whose key is the
  // address's, from the moment it is drawn (so the new page's scrolling is never the last one's).
  const shown = useRef(key);
  useEffect(() => {
    const keep = () => {
      positions.set(shown.current, window.scrollY);
    };
    window.addEventListener('scroll', keep, { passive: true });
    return () => {
      window.removeEventListener('scroll', keep);
    };
  }, []);

  useLayoutEffect(() => {
    shown.current = key;
    if (navigationType === NavigationType.Pop) {
      const top = positions.get(key);
      return top === undefined ? undefined : scrollWhenReachable(top);
    }
    if (!hash) window.scrollTo(0, 0);
    return undefined;
  }, [key, navigationType, hash]);
}
