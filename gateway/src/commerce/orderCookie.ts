import type {
  GatewayReply as FastifyReply,
  GatewayRequest as FastifyRequest,
} from '../requestTypes';

/** Name of the signed, HttpOnly cookie that lists the orders this browser created. */
export const ORDERS_COOKIE = 'sf_orders';
const MAX_REMEMBERED_ORDERS = 20;

function parseOrderIds(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split('.')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** The orders this browser created, as its signed cookie lists them (a forged one lists none). */
export function ordersOfBrowser(request: FastifyRequest): number[] {
  const cookie = request.unsignCookie(request.cookies[ORDERS_COOKIE] ?? '');
  return cookie.valid ? parseOrderIds(cookie.value) : [];
}

/** Adds an order to the browser's list (the 20 newest are kept, for a day). */
export function rememberOrder(request: FastifyRequest, reply: FastifyReply, id: number): void {
  const known = ordersOfBrowser(request).filter((known) => known !== id);
  void reply.setCookie(ORDERS_COOKIE, [...known, id].slice(-MAX_REMEMBERED_ORDERS).join('.'), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: 24 * 60 * 60,
  });
}
