import { ApiError, anyRecord, apiClient, createQuery, oneRead, rejecting } from 'shared-store';

import type { LineLimit } from './cartSlice';
import {
  orderDetails,
  pendingOrders,
  rewardBalance,
  type CouponResult,
  type PriceChange,
  type WcOrder,
} from '../data/orders';

/** The gateway's commerce API: it talks to WooCommerce with its own credentials. */
const SHOP = '/api/shop';

/** Email-campaign ids a visitor came with (from a campaign link), '' when unknown. */
export interface CampaignIds {
  mc_cid: string;
  mc_eid: string;
}

/** One line of an order: the WooCommerce product (and variation) and how many. */
interface OrderLine {
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
 * The limits of a 409 `quantity_limit` answer to createOrder (the most the order may have of each
 * product and variation it named), or null for any other failure.
 */
export function quantityLimitsOf(error: unknown): LineLimit[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'quantity_limit') {
    return null;
  }
  const { details } = error;
  if (!isRecord(details) || !Array.isArray(details.limits)) return null;
  const whole = (value: unknown): value is number =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  return details.limits.filter(isRecord).flatMap((limit) => {
    const { product_id: productId, variation_id: variationId, max_quantity: max } = limit;
    if (!whole(productId) || !whole(max)) return [];
    return [
      {
        product_id: productId,
        variation_id: whole(variationId) ? variationId : 0,
        max_quantity: max,
      },
    ];
  });
}

/**
 * The cart's reads of the shop, through the gateway's commerce API (`/api/shop`): the browser
 * names no WooCommerce path and holds no key.
 */
export const cartReads = {
  /**
   * An order; the learner's token makes it theirs, and `key` (WooCommerce's order key, which its
   * confirmation link carries) shows it to any browser. A failure rejects (the page says why);
   * an answer without an id and a status is null.
   */
  order: rejecting(
    createQuery({
      name: 'order',
      request: ({
        id,
        token,
        key,
      }: {
        id: number;
        token?: string | null;
        key?: string | null;
      }) => ({
        path: `${SHOP}/orders/${String(id)}${key ? `?${new URLSearchParams({ key }).toString()}` : ''}`,
        token,
      }),
      schema: orderDetails,
      empty: null,
    }),
  ),
  /**
   * The learner's own details the shop keeps for their receipts (`{ email }`); null when they
   * cannot be read (checkout then asks for the address as it does a visitor).
   */
  customer: oneRead(
    'customer',
    (token: string) => ({ path: `${SHOP}/customer`, token }),
    anyRecord,
  ),
  /**
   * The shopper's unpaid orders that hold their reward points or places: this browser's, and with
   * the learner's token theirs; none when they cannot be read.
   */
  pendingOrders: createQuery({
    name: 'pending-orders',
    request: ({ token }: { token: string | null }) => ({ path: `${SHOP}/orders/pending`, token }),
    schema: pendingOrders,
    empty: [],
  }),
  /** The learner's reward balance; null when it cannot be read (nothing can be redeemed then). */
  rewards: oneRead(
    'rewards',
    (token: string) => ({ path: `${SHOP}/rewards`, token }),
    rewardBalance,
  ),
};

/** The cart's writes to the shop, through the gateway's commerce API. */
function createCommerceApi(client: typeof apiClient = apiClient) {
  return {
    /**
     * Creates a pending order; the learner's token makes it theirs, a visitor's is a guest's.
     * `attempt` names the checkout attempt (the same on each retry of it): the server places one
     * order per attempt, and answers a retry with that order.
     */
    createOrder: (order: OrderRequest, token?: string | null, attempt?: string) =>
      client.request<WcOrder>(`${SHOP}/orders`, {
        method: 'POST',
        body: order,
        token,
        ...(attempt === undefined ? {} : { headers: { 'Idempotency-Key': attempt } }),
      }),
    applyCoupon: (code: string, total: number) =>
      client.request<CouponResult>(`${SHOP}/coupons`, { method: 'POST', body: { code, total } }),
    /**
     * Asks the shop to complete a free order of this browser (or of the learner of `token`): one
     * whose total the shop itself has at £0, which has nothing for the payment page to take. It
     * answers the order, paid, whether this request completed it or an earlier one had.
     */
    completeFreeOrder: (orderId: number, token?: string | null) =>
      client.request<unknown>(`${SHOP}/orders/${String(orderId)}/free-completion`, {
        method: 'POST',
        body: {},
        token,
      }),
    /**
     * Cancels an unpaid order of this browser (or of the learner of `token`): the shop gives its
     * reward points and places back. Answers the order, cancelled.
     */
    cancelOrder: (orderId: number, token?: string | null) =>
      client.request<unknown>(`${SHOP}/orders/${String(orderId)}/cancellation`, {
        method: 'POST',
        body: {},
        token,
      }),
    /**
     * Tells the shop an order of this browser (or of the learner of `token`) is paid, with the
     * email-campaign ids the visitor came with: the shop posts its order tracking once per order,
     * and answers whether this report was the first (`reported`) or came after another tab's.
     */
    reportPaid: (orderId: number, campaign: CampaignIds, token?: string | null) =>
      client.request<unknown>(`${SHOP}/orders/${String(orderId)}/tracking`, {
        method: 'POST',
        body: campaign,
        token,
      }),
  };
}

export const commerceApi = createCommerceApi();
