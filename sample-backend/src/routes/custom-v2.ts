import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import { formatPounds } from '../domain/money';
import { bearerUser } from '../http/auth';
import { invalidFieldError, notLoggedInError, WpError } from '../errors';
import { bodyFields, positiveIntField, textField } from '../http/input';
import { isRecord } from '../json';

/**
 * The site's `custom/v2` routes (order lookup, promotional banner, order tracking) and the
 * subscription plugin's `wsp-route/v1`.
 */

const TIERS = ['silver', 'gold', 'ultimate'];
const FIRST_SUBSCRIPTION_ID = 7001;

/** Registers `custom/v2` and `wsp-route/v1`. */
export function registerCustomV2Routes(app: FastifyInstance, context: BackendContext): void {
  const { data, state } = context;

  app.get<{ Params: { id: string } }>('/wp-json/custom/v2/check-order-lookup/:id', (request) => {
    const id = positiveIntField(request.params.id);
    const order = id === undefined ? undefined : context.orders.get(id);
    if (!order) throw new WpError(404, 'order_not_found', 'Order not found.');
    return { order_id: order.id, status: order.status, total: formatPounds(order.totalPence) };
  });

  app.get('/wp-json/custom/v2/getPromotionalBanner', () => data.promotionalBanner);

  app.post('/wp-json/custom/v2/trackOrder', (request) => {
    const fields = bodyFields(request);
    if (textField(fields, 'orderId') === undefined) {
      throw invalidFieldError('orderId', 'Please provide the orderId of the order to track.');
    }
    const items = fields.items;
    if (items !== undefined && !(Array.isArray(items) && items.every(isRecord))) {
      throw invalidFieldError('items', 'items must be a list of order items.');
    }
    state.trackedOrders.push({ ...fields });
    return { success: true };
  });

  for (const action of ['create', 'upgrade'] as const) {
    app.post(`/wp-json/wsp-route/v1/${action}-subscription`, (request) => {
      const user = bearerUser(request, context);
      if (!user) throw notLoggedInError();
      const fields = bodyFields(request);
      const tier = fields.tier;
      if (tier !== undefined && !(typeof tier === 'string' && TIERS.includes(tier.toLowerCase()))) {
        throw invalidFieldError('tier', 'tier must be one of silver, gold or ultimate.');
      }
      const subscriptionId = FIRST_SUBSCRIPTION_ID + state.subscriptions.length;
      state.subscriptions.push({
        subscription_id: subscriptionId,
        user_id: user.id,
        action,
        payload: { ...fields },
      });
      return { success: true, subscription_id: subscriptionId };
    });
  }
}
