import type { Identity } from '../identity';
import type {
  GatewayReply as FastifyReply,
  GatewayRequest as FastifyRequest,
} from '../requestTypes';
import { ShopError } from './errors';
import { ordersOfBrowser } from './orderCookie';
import { wcOrder } from './schemas';
import type { WooCommerce } from './wooCommerce';

/** Whether a request may see an order. */
export type OrderOwnership = (
  request: FastifyRequest,
  reply: FastifyReply,
  orderId: number,
) => Promise<boolean>;

/**
 * An order is seen by the browser that created it (its signed cookie) or by the order's customer
 * (their verified token): never by whoever guesses its id.
 */
export function createOrderOwnership(wc: WooCommerce, identity: Identity): OrderOwnership {
  return async (request, reply, orderId) => {
    if (ordersOfBrowser(request).includes(orderId)) return true;
    const user = await identity.userOf(request, reply);
    if (user === null) return false;
    try {
      const order = await wc.get(`wc/v3/orders/${String(orderId)}`, wcOrder);
      return order.customer_id > 0 && String(order.customer_id) === user;
    } catch (error) {
      if (error instanceof ShopError && error.status === 404) return false;
      throw error;
    }
  };
}

export function orderNotFound(): ShopError {
  return new ShopError(404, 'order_not_found', 'Order not found.');
}
