import {
  PAGE_CONTRACT,
  pageReadUrl,
  prefetchRead,
  readAtHand,
  routeOf,
  type PageRoute,
} from 'shared-store';
import { lazyRemote } from '../remotes/RemoteSlot';
import { prefetchQueue, type PrefetchQueue } from './queue';
import { prefetchAllowed, type Line } from './rules';

/**
 * Where a link points and the route it opens; none for a link out of the app or to this page. The
 * catch-all route (any WordPress page) reads nothing ahead: it names no remote and no reads.
 */
function targetOf(link: HTMLAnchorElement, doc: Document) {
  if (link.target && link.target !== '_self') return undefined;
  if (link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, doc.baseURI);
  if (url.origin !== doc.location.origin || url.pathname === doc.location.pathname) {
    return undefined;
  }
  const route = routeOf(PAGE_CONTRACT, url.pathname);
  return route && { url, route };
}

/** A page's own reads, as the page's code writes them: never a never-cached (stamped) one. */
function readsOf(route: PageRoute, url: URL, link: Element): string[] {
  const page = {
    path: url.pathname,
    pattern: route.path,
    search: url.search,
    now: Date.now(),
    stampParameter: PAGE_CONTRACT.markup.stampParameter,
  };
  const reads = (route.data ?? []).flatMap((read) => {
    const readUrl = read.stamped ? undefined : pageReadUrl(read, page);
    return readUrl === undefined ? [] : [readUrl];
  });
  // Further reads the link names (a course card: its course's description), which the route
  // cannot; only the page's own origin's paths: a link cannot send the page elsewhere.
  const named = (link.getAttribute(PAGE_CONTRACT.markup.prefetchAttribute) ?? '')
    .split(/\s+/)
    .filter((path) => path.startsWith('/') && !path.startsWith('//'));
  return [...reads, ...named];
}

/** What reading a page ahead needs: its code, and its reads through the page's one reader. */
export interface Prefetchers {
  loadModule: (module: string) => Promise<unknown>;
  readAhead: (url: string) => Promise<unknown>;
  atHand: (url: string) => boolean;
}

const SHELL_PREFETCHERS: Prefetchers = {
  loadModule: (module) => lazyRemote(module).load(),
  readAhead: prefetchRead,
  atHand: readAtHand,
};

/** Reads a link's page ahead: its remote's code (a shell page's comes on the tap) and its reads. */
function prefetchPage(
  link: HTMLAnchorElement,
  { url, route }: { url: URL; route: PageRoute },
  prefetchers: Prefetchers,
): Promise<unknown> {
  const reads = readsOf(route, url, link).filter((read) => !prefetchers.atHand(read));
  return Promise.allSettled([
    ...(route.remote ? [prefetchers.loadModule(route.remote)] : []),
    ...reads.map((read) => prefetchers.readAhead(read)),
  ]);
}

/** Links to an entry page (a route with a segment: a course, an event, a post): the cards. */
const isCard = (route: PageRoute) => route.path.includes('/:');

export interface PrefetchOptions {
  doc?: Document;
  line?: Line;
  queue?: PrefetchQueue;
  prefetchers?: Prefetchers;
}

/**
 * Reads ahead the page a visitor is likely to open next: at once the page of a link they point
 * at, focus or touch; when the browser is idle, a few at a time, the pages of the cards in the
 * page's content that are in view. Each page once; nothing where reading ahead is unwelcome
 * (prefetchAllowed, asked again at each link: the line may change).
 */
export function startPrefetching({
  doc = document,
  line = navigator as Line,
  queue = prefetchQueue(),
  prefetchers = SHELL_PREFETCHERS,
}: PrefetchOptions = {}): void {
  const consider = (link: HTMLAnchorElement, urgent: boolean) => {
    if (!prefetchAllowed(line)) return;
    const target = targetOf(link, doc);
    if (!target || (!urgent && !isCard(target.route))) return;
    // A card whose page the visitor has left by the browser's idle moment is not read ahead.
    queue.add(
      target.url.pathname + target.url.search,
      async () => link.isConnected && prefetchPage(link, target, prefetchers),
      urgent,
    );
  };

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link instanceof HTMLAnchorElement) consider(link, true);
  };
  // pointerenter does not bubble: the document hears it, and the others, as they go down.
  for (const type of ['pointerenter', 'focusin', 'touchstart']) {
    doc.addEventListener(type, onIntent, { capture: true, passive: true });
  }

  const view = doc.defaultView;
  if (!view || !('IntersectionObserver' in view)) return;
  const inView = new view.IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting || !(entry.target instanceof HTMLAnchorElement)) continue;
      inView.unobserve(entry.target);
      consider(entry.target, false);
    }
  });
  const watched = new WeakSet<Element>();
  const watchCards = () => {
    for (const link of doc.querySelectorAll<HTMLAnchorElement>('main a[href]')) {
      if (watched.has(link)) continue;
      watched.add(link);
      inView.observe(link);
    }
  };
  // The cards come as the page's reads answer, and with each page the visitor opens.
  let pending = false;
  new view.MutationObserver(() => {
    if (pending) return;
    pending = true;
    view.requestAnimationFrame(() => {
      pending = false;
      watchCards();
    });
  }).observe(doc.body, { childList: true, subtree: true });
  watchCards();
}
