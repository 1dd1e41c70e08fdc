import type { Location } from 'react-router-dom';
import { whenIdle } from '../hooks/whenIdle';
import { hashTarget } from './hashTarget';

/** How long to wait for the new page to draw its heading (a remote's code and reads may be slow). */
export const HEADING_WAIT_MS = 10_000;

/**
 * The shell's polite live region, which says the title of the page a visitor moved to: made at
 * the first move, empty (the page's first paint is the served page's), so it is there before it
 * speaks.
 */
let liveRegion: HTMLElement | undefined;

/** What stops following the last move: the next one. */
let stopLast: () => void = () => undefined;

/**
 * The new page's heading: its <h1> in the page's main region, once the page has drawn it. A page
 * still loading (its skeleton, its frame with "Loading course…", both aria-busy) has none yet.
 */
function headingOf(main: HTMLElement | null): HTMLElement | undefined {
  return Array.from(main?.querySelectorAll('h1') ?? []).find(
    (heading) => !heading.closest('[aria-busy="true"]'),
  );
}

/**
 * After a move to another page, the focus goes to its heading once the page draws it, however
 * late; after a move to a #target, to the target. A keyboard or screen reader user then starts
 * reading what they asked for, not the top of the document or a link that has gone. The focus is
 * never taken from where the visitor put it since the move began (the search box, say): only
 * from the link they followed, or from nothing. A heading is made focusable for it (tabindex -1,
 * not a stop of the Tab key); the page keeps its scroll (useScrollOnNavigation, useScrollToHash
 * place it). A page that never draws a heading gives the focus to its main region. Another page's
 * title is then said, once the page has named itself (a course sets its title as it draws). A
 * move that changes only the query (a list's filters, a new search on the search page) leaves
 * the focus and says nothing.
 */
export function followMove(from: Location, to: Location, origin: Element | null): void {
  stopLast();
  const newPage = from.pathname !== to.pathname;
  const id = hashTarget(to.hash);
  if (!newPage && !id) return;
  if (!liveRegion) {
    liveRegion = document.createElement('p');
    liveRegion.className = 'shell-visually-hidden';
    liveRegion.setAttribute('role', 'status');
    document.body.append(liveRegion);
  }
  const region = liveRegion;
  // Cleared, so that the same title said again is heard again.
  region.textContent = '';
  const main = document.getElementById('main');
  let moved = false;
  let stopAnnouncing: () => void = () => undefined;
  const onFocusIn = (event: FocusEvent) => {
    moved ||= event.target !== origin;
  };
  const stopWaiting = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn);
  };
  const arrive = (target: HTMLElement | null | undefined) => {
    stopWaiting();
    const active = document.activeElement;
    if (target && !moved && (!active || active === document.body || active === origin)) {
      if (target.tabIndex < 0) target.tabIndex = -1;
      target.focus({ preventScroll: true });
    }
    if (newPage) {
      stopAnnouncing = whenIdle(() => {
        region.textContent = document.title;
      });
    }
  };
  const look = () => {
    const target = id ? document.getElementById(id) : headingOf(main);
    if (target) arrive(target);
  };
  const observer = new MutationObserver(look);
  const timer = setTimeout(() => {
    arrive(main);
  }, HEADING_WAIT_MS);
  stopLast = () => {
    stopWaiting();
    stopAnnouncing();
  };
  document.addEventListener('focusin', onFocusIn);
  // A page's own frame shows its heading while it loads, busy: it counts once no longer busy.
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributeFilter: ['aria-busy'],
  });
  look();
}
