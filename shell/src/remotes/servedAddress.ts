/**
 * Whether the page was served for this address: the document's own (its navigation's, after any
 * redirect), not one the visitor moved to since, with a back or forward pressed while the page's
 * code was still on its way. Where the browser names no navigation (jsdom), it is.
 */
export function servedFor({ pathname, search }: { pathname: string; search: string }): boolean {
  const [entry] =
    'getEntriesByType' in performance ? performance.getEntriesByType('navigation') : [];
  if (!entry) return true;
  const served = new URL(entry.name);
  return served.pathname === pathname && served.search === search;
}
