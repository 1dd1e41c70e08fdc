import { PAGE_CONTRACT, type PageRead } from 'shared-store';

/**
 * The URL of a read a page starts with, as the page's own read asks for it: a never-cached read
 * carries the time (`now`), a read of the page's query parameter passes it on trimmed (a blank
 * one asks for nothing). The gateway names the same URLs in the page it serves.
 */
function readUrl(read: PageRead, search: string, now: number): string | undefined {
  if (read.stamped) return `${read.path}?${PAGE_CONTRACT.markup.stampParameter}=${String(now)}`;
  if (!read.query) return read.path;
  const value = new URLSearchParams(search).get(read.query)?.trim();
  return value
    ? `${read.path}?${new URLSearchParams({ [read.query]: value }).toString()}`
    : undefined;
}

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
 * never-cached read must not take it.
 */
export function startPageReads(
  reads: readonly PageRead[],
  search: string,
  now: number = Date.now(),
  doc: Document = document,
): void {
  for (const read of reads) {
    const url = readUrl(read, search, now);
    if (url === undefined) continue;
    for (const earlier of hintsOf(read.path, doc)) earlier.remove();
    const link = doc.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'fetch');
    link.setAttribute('crossorigin', 'anonymous');
    link.setAttribute('href', url);
    doc.head.append(link);
  }
}
