import { createQuery, listRead } from './read';
import { anyRecord, listOf, productVariation } from './schemas';

const SHOP = '/api/shop';

/**
 * Reads of the shop through the gateway's narrow commerce API (`/api/shop`) that several teams
 * make: a product's month options, which the shop's cards and pages (remote-home) and the cart's
 * duration choice (remote-cart) both show; the prices of a list of products, which the shop's
 * lists (remote-home), the header's search suggestions and the search page (the shell) show. The gateway talks to WooCommerce with its own
 * credentials, so the browser names no WooCommerce path and holds no key.
 */
export const shopReads = {
  variations: listRead(
    'variations',
    (id: number) => ({ path: `${SHOP}/products/${String(id)}/variations` }),
    listOf(productVariation),
  ),
  /**
   * The prices of a list's products (`ids`, comma-separated, ascending: at most the gateway's 48):
   * each product's variations by its id, null for one the shop cannot price. Any JSON object
   * passes, and monthOptions reads each product's entry. A failure prices none of them. Kept a
   * minute, as the gateway keeps it: a term typed again shows its prices at once.
   */
  prices: createQuery({
    name: 'prices',
    request: (ids: string) => ({ path: `${SHOP}/prices`, query: { ids } }),
    schema: anyRecord,
    empty: {},
    lifetimeMs: 60_000,
  }),
};

/**
 * The argument of shopReads.prices for these products: each valid id once, ascending,
 * comma-separated (so one list is one read, whatever its order); null for none.
 */
export function priceIds(productIds: readonly number[]): string | null {
  const ids = [...new Set(productIds)]
    .filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)
    .sort((a, b) => a - b);
  return ids.length > 0 ? ids.join() : null;
}
