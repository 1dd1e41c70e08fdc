import { useSyncExternalStore } from 'react';

/** How far the page must have scrolled before the button appears. */
const SCROLL_TOP_THRESHOLD_PX = 20;

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => {
    window.removeEventListener('scroll', onChange);
  };
}

/** Appears once the page has scrolled more than 20 px; takes the visitor back to the top. */
export function ScrollToTopButton({ threshold = SCROLL_TOP_THRESHOLD_PX }: { threshold?: number }) {
  const visible = useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
  if (!visible) return null;
  return (
    <button
      type="button"
      className="shell-scroll-top"
      aria-label="Scroll to top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    >
      ↑
    </button>
  );
}
