import { PAGE_CONTRACT, pageReadUrl, readAtHand, type PageRead } from 'shared-store';

/** The page's preload hints for reads of `path`, whatever their query. */
function hintsOf(path: string, doc: Document): HTMLLinkElement[] {
  return [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].filter(
    (link) => new URL(link.href, doc.baseURI).pathname === path,
  );
}

/**
 * Starts the reads a page begins with (its route's `data` in the page contract) when the visitor
 * goes to it from another page: the browser asks for them at once, alongside the page's code, and
 * answers the page's own reads with them once its code has arrived (a never-cached one through
 * shared-store's takePreloadedStamp). The page the gateway served names them itself. An earlier
 * hint for the same read goes: spent or not, its answer is older than this page, and a
 * never-cached read must not take it. A read whose answer the page's reader has at hand (kept,
 * or read ahead of the visitor's tap) is not asked for again.
 */
export function startPageReads(
  reads: readonly PageRead[],
  { path, pattern, search }: { path: string; pattern: string; search: string },
  now: number = Date.now(),
  doc: Document = document,
): void {
  const page = { path, pattern, search, now, stampParameter: PAGE_CONTRACT.markup.stampParameter };
  for (const read of reads) {
    const url = pageReadUrl(read, page);
    if (url === undefined || readAtHand(url)) continue;
    for (const earlier of hintsOf(new URL(url, doc.baseURI).pathname, doc)) earlier.remove();
    const link = doc.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'fetch');
    link.setAttribute('crossorigin', 'anonymous');
    link.setAttribute('href', url);
    doc.head.append(link);
  }
}
