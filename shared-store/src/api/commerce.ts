import { listRead } from './read';
import { listOf, productVariation } from './schemas';

const SHOP = '/api/shop';

/**
 * Reads of the shop through the gateway's narrow commerce API (`/api/shop`) that two teams make:
 * a product's month options, which the shop's cards and pages (remote-home) and the cart's
 * duration choice (remote-cart) both show. The gateway talks to WooCommerce with its own
 * credentials, so the browser names no WooCommerce path and holds no key.
 */
export const shopReads = {
  variations: listRead(
    'variations',
    (id: number) => ({ path: `${SHOP}/products/${String(id)}/variations` }),
    listOf(productVariation),
  ),
};
