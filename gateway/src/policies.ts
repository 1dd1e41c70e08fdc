import { WOOCOMMERCE_PREFIX } from './upstreams';

/** The WooCommerce routes the storefront uses; every other WooCommerce route is a 404. */
const WOOCOMMERCE_ALLOWED: readonly { method: string; pattern: RegExp }[] = [
  { method: 'GET', pattern: /^products\/\d+$/ },
  { method: 'GET', pattern: /^products\/\d+\/variations$/ },
  { method: 'POST', pattern: /^orders$/ },
  { method: 'GET', pattern: /^orders\/\d+$/ },
  { method: 'POST', pattern: /^apply-coupon$/ },
];

/** The part of a WooCommerce path after /wp-json/wc/v3/, or undefined for other paths. */
export function wooCommerceRoute(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  return path.startsWith(WOOCOMMERCE_PREFIX) ? path.slice(WOOCOMMERCE_PREFIX.length) : undefined;
}

export function isAllowedWooCommerce(method: string, route: string): boolean {
  return WOOCOMMERCE_ALLOWED.some(
    (allowed) => allowed.method === method && allowed.pattern.test(route),
  );
}

/** The order id of a GET orders/{id}, or undefined. */
export function orderReadId(method: string, route: string): number | undefined {
  const match = method === 'GET' ? /^orders\/(\d+)$/.exec(route) : null;
  return match ? Number(match[1]) : undefined;
}

/** Name of the signed, HttpOnly cookie that lists the orders this browser created. */
export const ORDERS_COOKIE = 'sf_orders';
const MAX_REMEMBERED_ORDERS = 20;

export function parseOrderIds(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split('.')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

export function withOrderId(ids: number[], id: number): string {
  return [...ids.filter((known) => known !== id), id].slice(-MAX_REMEMBERED_ORDERS).join('.');
}

/** The user id a cart service request names in its JSON body. */
export function cartUserId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { userId } = body as { userId?: unknown };
  return typeof userId === 'number' || typeof userId === 'string' ? String(userId) : undefined;
}

/** A bearer token from an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Learns whose token this is by asking WordPress (users/me), remembering the answer for a few
 * minutes; a token WordPress does not accept belongs to nobody.
 */
export function createTokenOwnerLookup(
  wordpressUrl: string,
  options: { timeoutMs: number; ttlMs?: number; now?: () => number },
) {
  const { timeoutMs, ttlMs = 5 * 60 * 1000, now = Date.now } = options;
  const known = new Map<string, { userId: string | null; expires: number }>();
  return async function ownerOf(token: string): Promise<string | null> {
    const hit = known.get(token);
    if (hit && hit.expires > now()) return hit.userId;
    const response = await fetch(`${wordpressUrl}/wp-json/wp/v2/users/me`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    let userId: string | null = null;
    if (response.ok) {
      const body = (await response.json()) as { id?: unknown };
      userId = typeof body.id === 'number' ? String(body.id) : null;
    } else if (response.status >= 500) {
      throw new Error(`users/me answered ${String(response.status)}`);
    }
    if (known.size > 10_000) known.clear();
    known.set(token, { userId, expires: now() + ttlMs });
    return userId;
  };
}
