import { anyList, createQuery, decodeEntities, linkTarget, safeUrl, toPrice } from 'shared-store';

/** The matches shown under the search box at most; "See all results" has the rest. */
export const MAX_SUGGESTIONS = 6;

/** A minute, as the gateway keeps a search: typing back to a term shows it again at once. */
const KEPT_MS = 60_000;

/** A match of the site's search, as the header suggests it. */
export interface Suggestion {
  /** Plain text: WordPress's title with its entities decoded and any markup dropped. */
  title: string;
  /** The storefront's path. */
  to: string;
  /** Its picture's address, where the answer has one. */
  image: string | undefined;
  /** A course's or an event's WooCommerce product. */
  productId: number | undefined;
  /** The price WordPress lists: an event's, whose product has no month options. */
  listed: number;
}

/**
 * The header's own read: the site's search, asked as the visitor types (the prices of the products
 * it suggests are shared-store's shopReads.prices, one read). A failure rejects, and the box
 * suggests nothing: the visitor's Search still goes to the results page.
 */
export const suggestionReads = {
  search: createQuery({
    name: 'suggestions',
    request: (term: string) => ({ path: '/wp-json/custom/v1/search', query: { s: term } }),
    schema: anyList,
    empty: [],
    lifetimeMs: KEPT_MS,
    failure: (error: unknown) => error,
  }),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The search's answer as suggestions, in its order: each with a title and a path of the
 * storefront's own (a link elsewhere is left to the results page).
 */
export function suggestionsOf(answer: readonly unknown[]): Suggestion[] {
  return answer.flatMap((hit) => {
    if (!isRecord(hit)) return [];
    const title = decodeEntities(hit.title).trim();
    const target = linkTarget(hit.url);
    if (!title || !target || target.external || !target.to.startsWith('/')) return [];
    const image = isRecord(hit.image) ? safeUrl(hit.image.url) : '#';
    const { product_id: productId } = hit;
    return [
      {
        title,
        to: target.to,
        image: image === '#' ? undefined : image,
        productId: typeof productId === 'number' && productId > 0 ? productId : undefined,
        listed: toPrice(hit.price),
      },
    ];
  });
}

/** "6 of 9 results for “plab”", "1 result for “plab 1”", "No results for “plab zebra”." */
export function countText(total: number, term: string): string {
  if (total === 0) return `No results for “${term}”.`;
  const of = total > MAX_SUGGESTIONS ? `${String(MAX_SUGGESTIONS)} of ` : '';
  return `${of}${String(total)} result${total === 1 ? '' : 's'} for “${term}”`;
}
