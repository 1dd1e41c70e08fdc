import { useEffect, useState } from 'react';

/** How far the page must have scrolled before the button appears. */
const SCROLL_TOP_THRESHOLD_PX = 20;

/**
 * Appears once the page has scrolled more than 20 px; takes the visitor back to the top. The
 * position is read as the button starts, after its render (the served page may have been scrolled
 * before the page's code came), then in each scroll event (a restored position fires one too):
 * read while the page renders, it would make the browser lay the page out there and then.
 */
export function ScrollToTopButton({ threshold = SCROLL_TOP_THRESHOLD_PX }: { threshold?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => {
      setVisible(window.scrollY > threshold);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
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
