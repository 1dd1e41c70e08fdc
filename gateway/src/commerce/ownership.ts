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
    let order: WcOrder;
    try {
      order = await wc.get(`wc/v3/orders/${String(orderId)}`, wcOrder);
    } catch (error) {
      throw error instanceof ShopError && error.status === 404 ? orderNotFound() : error;
    }
    if (createdHere || (order.customer_id > 0 && String(order.customer_id) === user)) return order;
    throw orderNotFound();
  };
}

export function orderNotFound(): ShopError {
  return new ShopError(404, 'order_not_found', 'Order not found.');
}
