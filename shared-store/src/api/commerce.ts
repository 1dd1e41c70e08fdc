import { VARIATIONS_PAGE_SIZE } from '../constants';
import { apiClient, type ApiClient } from './client';
import { quietReads } from './content';
import type { CouponResult, ProductVariation, WcOrder } from './types';

const WC = '/wp-json/wc/v3';

/** What checkout sends to create a pending order; prices are the server's, never ours. */
export interface OrderRequest {
  billing: { email: string; first_name?: string; last_name?: string };
  line_items: { product_id: number; variation_id?: number; quantity: number }[];
  coupon_lines?: { code: string }[];
}

/**
 * WooCommerce through the gateway, which adds the consumer key and secret: nothing secret is
 * ever sent from here.
 */
export function createCommerceApi(client: ApiClient = apiClient) {
  const { list, one } = quietReads(client);
  return {
    product: (id: number) => one<Record<string, unknown>>(`${WC}/products/${String(id)}`),
    variations: (id: number) =>
      list<ProductVariation>(`${WC}/products/${String(id)}/variations`, {
        query: { per_page: VARIATIONS_PAGE_SIZE },
      }),
    createOrder: (order: OrderRequest) =>
      client.request<WcOrder>(`${WC}/orders`, {
        method: 'POST',
        body: { status: 'pending', set_paid: false, ...order },
      }),
    order: (id: number) => client.request<WcOrder>(`${WC}/orders/${String(id)}`),
    applyCoupon: (code: string, total: number) =>
      client.request<CouponResult>(`${WC}/apply-coupon`, {
        method: 'POST',
        body: { code, total },
      }),
  };
}

export type CommerceApi = ReturnType<typeof createCommerceApi>;

export const commerceApi = createCommerceApi();
