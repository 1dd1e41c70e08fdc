import { PAGE_CONTRACT } from '../page/contract';

/**
 * The timestamp of a never-cached read the page has already started: the gateway names the home
 * banner in the home page's `<link rel="preload" as="fetch">`, so the browser fetches it alongside
 * the code instead of after it. The first call for `path` takes that link's `t` and asks for the
 * very same URL, which the browser answers with the response it already has; the link is then
 * spent, and later calls stamp their own time. Undefined when the page names no such read.
 */
export function takePreloadedStamp(path: string, doc: Document = document): number | undefined {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    if (link.hasAttribute('data-taken')) continue;
    const url = new URL(link.href, doc.baseURI);
    const stamp = Number(url.searchParams.get(PAGE_CONTRACT.markup.stampParameter));
    if (url.pathname !== path || !Number.isSafeInteger(stamp) || stamp <= 0) continue;
    link.setAttribute('data-taken', '');
    return stamp;
  }
  return undefined;
}
