import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { hashTarget } from './hashTarget';

/** How long to wait for a remote to render the element a link points at. */
const WAIT_MS = 10_000;

/**
 * /#courses-section and other in-page links: scrolls to the element once a remote has rendered
 * it, however late that is.
 */
export function useScrollToHash(): void {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    const id = hashTarget(hash);
    if (!id) return;
    const scroll = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return true;
    };
    if (scroll()) return;
    const observer = new MutationObserver(() => {
      if (scroll()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      observer.disconnect();
    }, WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hash, pathname]);
}
