import {
  STORAGE_KEYS,
  formatPrice,
  roundMoney,
  safeUrl,
  toNumber,
  type KeyValueStorage,
} from 'shared-store';
import { lineName } from './lineNames';
import { ORDER_RECEIVED_PAGE } from './model/orderSettlement';
import { type CartItem } from './model/cartSlice';
import { type CampaignIds, type OrderRequest } from './model/shop';
import { type WcOrder } from './data/orders';

export type OrderBuild =
  { ok: true; request: OrderRequest } | { ok: false; unorderable: CartItem[] };

/** What the order is made of besides its lines: as the cart shows it. */
export interface OrderInput {
  email: string;
  /** The applied coupon's name, '' for none. */
  couponName: string;
  /** The applied reward in pounds, 0 for none. */
  reward: number;
  /** The cart's total (the store's totalAmount): the total the learner agreed to. */
  total: number;
  loggedIn: boolean;
}

/** Pounds as the shop writes them: "34.99", never below "0.00". */
function amountText(pounds: number): string {
  return roundMoney(Math.max(0, pounds)).toFixed(2);
}

/**
 * The pending order for the lines: WooCommerce product/variation ids and quantities (the server
 * prices them), the email for the receipt, the applied coupon, a logged-in learner's reward (whole
 * pounds: a reward the server capped to "14.50" is sent as 15, which it caps the same way) and the
 * total the cart shows. Lines without a product id cannot be ordered: they are returned instead.
 */
export function buildOrderRequest(lines: readonly CartItem[], input: OrderInput): OrderBuild {
  const unorderable = lines.filter((line) => line.product_id === undefined);
  if (unorderable.length > 0) return { ok: false, unorderable };
  const request: OrderRequest = {
    email: input.email.trim(),
    lines: lines.map((line) => ({
      product_id: line.product_id ?? 0,
      ...(line.variation_id === undefined ? {} : { variation_id: line.variation_id }),
      quantity: line.quantity,
    })),
    expected_total: amountText(input.total),
  };
  const code = input.couponName.trim();
  if (code) request.coupon = code;
  if (input.loggedIn && input.reward > 0) request.reward = Math.ceil(input.reward);
  return { ok: true, request };
}

/** What the learner is told when the server priced the order differently from the cart. */
export function priceChangedMessage(total: string): string {
  return `Prices have changed since you added these items. Your new total is ${formatPrice(toNumber(total))}. Please check your cart and proceed to checkout again.`;
}

/** The sentence shown when some lines cannot be ordered. */
export function unorderableMessage(lines: readonly CartItem[]): string {
  const names = lines.map(lineName).join(', ');
  const one = lines.length === 1;
  return `${names} cannot be ordered online. Please remove ${one ? 'it' : 'them'} from your cart to continue.`;
}

/** mc_cid and mc_eid as captured from a campaign link, '' when absent. */
export function readCampaignIds(storage: KeyValueStorage): CampaignIds {
  return {
    mc_cid: storage.getItem(STORAGE_KEYS.mcCid) ?? '',
    mc_eid: storage.getItem(STORAGE_KEYS.mcEid) ?? '',
  };
}

/** Whether a created order has what checkout reads: a whole id, a total and a payment URL. */
export function isCreatedOrder(value: unknown): value is WcOrder {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return (
    typeof order.id === 'number' &&
    Number.isInteger(order.id) &&
    typeof order.total === 'string' &&
    typeof order.payment_url === 'string'
  );
}

/** Whether the shop totals a created order at £0: nothing to pay, so no payment page. */
export function isFreeOrder(order: WcOrder): boolean {
  return /^0+(?:\.0+)?$/.test(order.total.trim());
}

/** The storefront's confirmation of order `id` (OrderReceivedPage.tsx). */
export function orderReceivedPath(id: number): string {
  return `${ORDER_RECEIVED_PAGE}${String(id)}/`;
}

/**
 * Where the browser may be sent to pay: an http(s) URL, or a same-origin path resolved against
 * `base`. Script, data, mail and other URLs give null.
 */
export function paymentTarget(url: unknown, base: string): string | null {
  if (typeof url !== 'string' || safeUrl(url) === '#') return null;
  try {
    const resolved = new URL(url.trim(), base);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}
