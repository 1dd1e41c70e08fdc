import { whenIdle } from '../hooks/whenIdle';

/** How long to wait for the new page to draw its heading (a remote's code and reads may be slow). */
export const HEADING_WAIT_MS = 10_000;

/** A move to another address of the app, as it starts. */
export interface Move {
  /** What had the focus as the move began: the link followed, or nothing (the page's body). */
  origin: Element | null;
  /** The address's #target, if any: it takes the focus in place of the heading. */
  hash: string;
  /** Whether the move is to another page (not another part or query of the same one). */
  newPage: boolean;
  /** Says the new page's title to screen readers (the shell's polite live region). */
  announce: (title: string) => void;
}

/**
 * The new page's heading: its <h1> in the page's main region, once the page has drawn it. A page
 * still loading (its skeleton, its frame with "Loading course…", both aria-busy) has none yet.
 */
function headingOf(main: HTMLElement | null): HTMLElement | null {
  const headings = main ? Array.from(main.querySelectorAll('h1')) : [];
  return headings.find((heading) => !heading.closest('[aria-busy="true"]')) ?? null;
}

/** What the move takes the focus to: the #target of the address, else the page's heading. */
function targetOf(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.slice(1));
  return id ? document.getElementById(id) : headingOf(document.getElementById('main'));
}

/** Focus that is still where the move left it: on the link followed, or on nothing. */
function focusUnmoved(origin: Element | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === origin;
}

/**
 * After a move inside the app, the focus goes to the new page's heading (or the address's
 * #target) once the page draws it, however late, so that a keyboard or screen reader user starts
 * reading the page they asked for rather than from the top of the document, or from a link that
 * is gone. It is never taken from where the visitor put it meanwhile (the search box, say). A
 * heading is made focusable for it (tabindex -1), not a stop of the Tab key; the page keeps its
 * scroll (the shell scrolls it: useScrollOnNavigation, useScrollToHash). A page that never draws a
 * heading gives the focus to its main region. Another page's title is then said, once the page
 * has named itself (a course sets its title as it draws). Returns what stops it (the next move).
 */
export function followMove({ origin, hash, newPage, announce }: Move): () => void {
  let moved = false;
  let cancelAnnouncement: () => void = () => undefined;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== origin) moved = true;
  };
  const stopWaiting = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn);
  };
  const arrive = (target: HTMLElement | null) => {
    stopWaiting();
    if (target && !moved && focusUnmoved(origin)) {
      if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.tabIndex = -1;
      target.focus({ preventScroll: true });
    }
    if (newPage) {
      cancelAnnouncement = whenIdle(() => {
        announce(document.title);
      });
    }
  };
  const observer = new MutationObserver(() => {
    const target = targetOf(hash);
    if (target) arrive(target);
  });
  const timer = setTimeout(() => {
    arrive(document.getElementById('main'));
  }, HEADING_WAIT_MS);
  document.addEventListener('focusin', onFocusIn);
  const target = targetOf(hash);
  if (target) {
    arrive(target);
  } else {
    // A page's own frame shows its heading while it loads, busy: it counts once no longer busy.
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributeFilter: ['aria-busy'],
    });
  }
  return () => {
    stopWaiting();
    cancelAnnouncement();
  };
}
