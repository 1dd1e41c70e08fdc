import { createHash, timingSafeEqual } from 'node:crypto';
import type { Identity } from '../identity/identity';
import type {
  GatewayReply as FastifyReply,
  GatewayRequest as FastifyRequest,
} from '../requestTypes';
import { ShopError } from './errors';
import type { OrdersCookie } from './orderCookie';
import { wcOrder, type WcOrder } from './schemas';
import type { WooCommerce } from './wooCommerce';

/** The order a request may see; anyone else's (or none) is a 404. */
export type OwnOrderReader = (
  request: FastifyRequest,
  reply: FastifyReply,
  orderId: number,
) => Promise<WcOrder>;

/**
 * An order is seen by the browser that created it (its signed cookie) or by the order's customer
 * (their verified token): never by whoever guesses its id. The order is read once, and only
 * when the request could own it.
 */
export function createOwnOrderReader(
  wc: WooCommerce,
  identity: Identity,
  ordersCookie: OrdersCookie,
): OwnOrderReader {
  return async (request, reply, orderId) => {
    const createdHere = ordersCookie.ordersOf(request).includes(orderId);
    const user = createdHere ? null : await identity.userOf(request, reply);
    if (!createdHere && user === null) throw orderNotFound();
    const order = await readOrder(wc, orderId);
    if (createdHere || (order.customer_id > 0 && String(order.customer_id) === user)) return order;
    throw orderNotFound();
  };
}

/** The order, read with the gateway's keys; WooCommerce's "no such order" is orderNotFound. */
async function readOrder(wc: WooCommerce, orderId: number): Promise<WcOrder> {
  try {
    return await wc.get(`wc/v3/orders/${String(orderId)}`, wcOrder);
  } catch (error) {
    throw error instanceof ShopError && error.status === 404 ? orderNotFound() : error;
  }
}

/** Whether `given` is `expected` exactly, in a time that tells nothing of either. */
function sameKey(expected: string, given: string): boolean {
  // Digests of both have one length, which timingSafeEqual needs: a key's length is not told.
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given)) && expected !== '';
}

/**
 * The order whose WooCommerce key (`order_key`, which its confirmation link carries) is `key`,
 * exactly: whoever holds the link sees its confirmation, in any browser. No such order and
 * another key are one answer, orderNotFound, after the same one read.
 */
export async function readOrderByKey(
  wc: WooCommerce,
  orderId: number,
  key: string,
): Promise<WcOrder> {
  const order = await readOrder(wc, orderId);
  if (sameKey(order.order_key, key)) return order;
  throw orderNotFound();
}

export function orderNotFound(): ShopError {
  return new ShopError(404, 'order_not_found', 'Order not found.');
}
