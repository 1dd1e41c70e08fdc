import { useEffect, useState } from 'react';

/**
 * How far ahead of the screen an element counts as near: one screen's height, so what waits for
 * it has about a screen of scrolling to arrive in.
 */
export const NEAR_MARGIN = '100% 0px';

/**
 * Whether `element` has come within a screen's height of the visible page (then it stays true).
 * True at once where the browser cannot say (no IntersectionObserver).
 */
export function useNearViewport(element: Element | null): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');

  useEffect(() => {
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [element, near]);

  return near;
}
