import { atMostEvery } from '../plugins/logging';
import type {
  GatewayReply as FastifyReply,
  GatewayRequest as FastifyRequest,
} from '../requestTypes';

/** Name of the signed, HttpOnly cookie that lists the orders this browser created. */
export const ORDERS_COOKIE = 'sf_orders';
const MAX_REMEMBERED_ORDERS = 20;

/** A client can send a bad cookie at every request: its warning is logged this often at most. */
const REFUSAL_WARNING_INTERVAL_MS = 60_000;

function parseOrderIds(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split('.')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * The signed cookie that lists the orders a browser created. One that does not unsign lists none,
 * and is logged: it was altered, or signed by an instance with another COOKIE_SECRET, which makes
 * a guest's orders vanish whenever the balancer sends them to this instance. It is Secure when
 * `secure` (the configuration's secureCookies: the public address is https).
 */
export function createOrdersCookie(
  log: (message: string) => void,
  { secure, now = Date.now }: { secure: boolean; now?: () => number },
) {
  const warnRefusal = atMostEvery(REFUSAL_WARNING_INTERVAL_MS, now);

  /** The orders this browser created, as its signed cookie lists them. */
  function ordersOf(request: FastifyRequest): number[] {
    const sent = request.cookies[ORDERS_COOKIE];
    if (sent === undefined) return [];
    const cookie = request.unsignCookie(sent);
    if (cookie.valid) return parseOrderIds(cookie.value);
    warnRefusal(() => {
      log(
        "Refused an orders cookie not signed with this instance's COOKIE_SECRET (another instance's secret, or altered): every instance must share one COOKIE_SECRET",
      );
    });
    return [];
  }

  /** Adds an order to the browser's list (the 20 newest are kept, for a day). */
  function remember(request: FastifyRequest, reply: FastifyReply, id: number): void {
    const known = ordersOf(request).filter((known) => known !== id);
    void reply.setCookie(ORDERS_COOKIE, [...known, id].slice(-MAX_REMEMBERED_ORDERS).join('.'), {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      signed: true,
      maxAge: 24 * 60 * 60,
    });
  }

  return { ordersOf, remember };
}

export type OrdersCookie = ReturnType<typeof createOrdersCookie>;

/** Name of the cookie that carries a confirmation link's key to its order's read, and nowhere else. */
const ORDER_KEY_COOKIE = 'sf_order_key';

/**
 * A key the cookie may carry: printable ASCII without spaces, as WooCommerce writes its keys
 * (`wc_order_` and letters and digits). Any other spelling is no order's key: it is dropped.
 */
const CARRIED_KEY = /^[\x21-\x7e]{1,100}$/;

/** Where order `id` is read (commerce/routes.ts): the only path its key cookie is sent to. */
const orderReadPath = (id: number) => `/api/shop/orders/${String(id)}`;

/**
 * A confirmation link's `key` (WooCommerce's order key, `/checkout/order-received/{id}/?key=…`)
 * taken out of the page's address: kept in an HttpOnly cookie sent only to the order's read, for a
 * day; a key spelled otherwise is dropped (and one kept earlier forgotten). Answers the address to
 * ask for instead (the same without `key`), or undefined when the link carries none. The page then
 * loads without the key: its scripts, its tags (an analytics page_location), the browser's history
 * and the Referer of what it asks never hold it.
 */
export function keepConfirmationKey(
  request: FastifyRequest,
  reply: FastifyReply,
  { orderId, path, secure }: { orderId: number; path: string; secure: boolean },
): string | undefined {
  const queryAt = request.url.indexOf('?');
  const query = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1));
  if (!query.has('key')) return undefined;
  const keys = query.getAll('key');
  const key = keys.length === 1 ? keys[0] : undefined;
  const cookie = { path: orderReadPath(orderId), httpOnly: true, sameSite: 'lax', secure } as const;
  if (key !== undefined && CARRIED_KEY.test(key)) {
    void reply.setCookie(ORDER_KEY_COOKIE, key, { ...cookie, maxAge: 24 * 60 * 60 });
  } else {
    void reply.clearCookie(ORDER_KEY_COOKIE, cookie);
  }
  query.delete('key');
  const rest = query.toString();
  return rest === '' ? path : `${path}?${rest}`;
}

/** The key a confirmation link left for this order's read (keepConfirmationKey), if any. */
export function keptConfirmationKey(request: FastifyRequest): string | undefined {
  return request.cookies[ORDER_KEY_COOKIE];
}
