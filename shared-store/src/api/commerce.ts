import { ApiError, apiClient, type ApiClient } from './client';
import { quietReads } from './content';
import type {
  CouponResult,
  OrderDetails,
  PriceChange,
  ProductVariation,
  RewardBalance,
  ShopProduct,
  WcOrder,
} from './types';

const SHOP = '/api/shop';

/** One line of an order: the WooCommerce product (and variation) and how many. */
export interface OrderLine {
  product_id: number;
  variation_id?: number;
  quantity: number;
}

/**
 * What checkout sends to create a pending order. The server prices it; `expected_total` is the
 * total the cart showed ("34.99"), so a price that changed since is caught before any charge.
 */
export interface OrderRequest {
  email: string;
  first_name?: string;
  last_name?: string;
  lines: OrderLine[];
  coupon?: string;
  /** Whole pounds of reward points, logged-in learners only. */
  reward?: number;
  expected_total: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function isRewardBalance(body: unknown): body is RewardBalance {
  return isRecord(body) && isAmount(body.points) && isAmount(body.value);
}

const decimal = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '0';

/**
 * The repriced order of a 409 `price_changed` answer to createOrder, or null for any other
 * failure. Lines without a whole product id are dropped; a missing variation id is 0.
 */
export function priceChangeOf(error: unknown): PriceChange | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'price_changed') {
    return null;
  }
  const { details } = error;
  if (!isRecord(details) || !Array.isArray(details.lines)) return null;
  const lines = details.lines.filter(isRecord).flatMap((line) => {
    const productId = line.product_id;
    if (typeof productId !== 'number' || !Number.isInteger(productId)) return [];
    const variationId = typeof line.variation_id === 'number' ? line.variation_id : 0;
    return [{ product_id: productId, variation_id: variationId, price: decimal(line.price) }];
  });
  return {
    total: decimal(details.total),
    subtotal: decimal(details.subtotal),
    discount: decimal(details.discount),
    reward: decimal(details.reward),
    lines,
  };
}

/**
 * The shop through the gateway's narrow commerce API (`/api/shop`): the gateway talks to
 * WooCommerce with its own credentials, so the browser names no WooCommerce path and holds no key.
 */
export function createCommerceApi(client: ApiClient = apiClient) {
  const { list, one } = quietReads(client);
  return {
    product: (id: number) => one<ShopProduct>(`${SHOP}/products/${String(id)}`),
    variations: (id: number) => list<ProductVariation>(`${SHOP}/products/${String(id)}/variations`),
    /** Creates a pending order; the learner's token makes it theirs, a visitor's is a guest's. */
    createOrder: (order: OrderRequest, token?: string | null) =>
      client.request<WcOrder>(`${SHOP}/orders`, { method: 'POST', body: order, token }),
    order: (id: number, token?: string | null) =>
      client.request<OrderDetails>(`${SHOP}/orders/${String(id)}`, { token }),
    applyCoupon: (code: string, total: number) =>
      client.request<CouponResult>(`${SHOP}/coupons`, { method: 'POST', body: { code, total } }),
    /** The learner's reward balance; an answer without numeric points and value is an error. */
    rewards: async (token: string): Promise<RewardBalance> => {
      const body = await client.request<unknown>(`${SHOP}/rewards`, { token });
      if (!isRewardBalance(body)) {
        throw new ApiError('The reward balance could not be read.', 200, 'invalid_answer');
      }
      return body;
    },
  };
}

export type CommerceApi = ReturnType<typeof createCommerceApi>;

export const commerceApi = createCommerceApi();
