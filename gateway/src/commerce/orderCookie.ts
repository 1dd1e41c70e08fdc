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
