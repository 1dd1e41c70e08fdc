import { pathOf } from './canonicalPath';

/**
 * WooCommerce's REST namespaces (wc/v3, wc/store, wc-analytics, wc-points-rewards, ...):
 * the browser reaches none of them; the gateway's commerce API calls WooCommerce itself.
 * WordPress matches routes regardless of case, and so does this.
 */
export function isWooCommerceNamespace(url: string): boolean {
  return /^\/wp-json\/wc(?:[-/]|$)/i.test(pathOf(url));
}

/** Lookups that tell about one order, answered only to its owner. */
const ORDER_LOOKUPS: readonly { method: string; pattern: RegExp }[] = [
  { method: 'GET', pattern: /^\/wp-json\/custom\/v2\/check-order-lookup\/([^/]*)\/?$/i },
  { method: 'GET', pattern: /^\/wp-json\/wp\/v2\/check-subscription-success\/([^/]*)\/?$/i },
];
const TRACK_ORDER = /^\/wp-json\/custom\/v2\/trackorder\/?$/i;

function orderId(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,10}$/.test(text) ? Number(text) : 0;
}

/**
 * The order a lookup names (check-order-lookup, check-subscription-success, trackOrder's
 * orderId), 0 when it names none that could exist, undefined for other requests.
 */
export function orderLookupId(method: string, url: string, body: unknown): number | undefined {
  const path = pathOf(url);
  if (method === 'POST' && TRACK_ORDER.test(path)) {
    const { orderId: id } = (typeof body === 'object' && body !== null ? body : {}) as {
      orderId?: unknown;
    };
    return orderId(id);
  }
  for (const lookup of ORDER_LOOKUPS) {
    const match = lookup.pattern.exec(path);
    if (match && lookup.method === method) return orderId(match[1]);
  }
  return undefined;
}

/** The user id a cart service request names in its JSON body. */
export function cartUserId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { userId } = body as { userId?: unknown };
  return typeof userId === 'number' || typeof userId === 'string' ? String(userId) : undefined;
}
