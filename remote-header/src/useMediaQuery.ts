import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: up to 991 px wide, where the header and menus take their mobile layout. */
export const MOBILE_QUERY = '(max-width: 991px)';
/** Screens 500 px wide or less (the banner scrolls 3 s slower there). */
export const SMALL_SCREEN_QUERY = '(max-width: 500px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
