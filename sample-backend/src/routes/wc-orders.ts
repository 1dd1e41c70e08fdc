import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BackendContext } from '../context';
import { userExists } from '../context';
import { newOrder, updatedOrder } from '../domain/order-changes';
import type { OrderLookups } from '../domain/order-request';
import { parseOrderRequest, parseOrderUpdate } from '../domain/order-request';
import { priceOrder } from '../domain/orders';
import { settlePoints } from '../domain/points';
import { settleStock } from '../domain/stock';
import { InvalidParams, WpError } from '../errors';
import type { Query } from '../http/input';
import { bodyFields, positiveIntField } from '../http/input';
import { requestOrigin } from '../http/origin';
import { listParam, pageParams, paginate } from '../http/wp-collection';
import { ORDER_STATUSES } from '../state/orders';
import { wooOrder } from './wc-order-shape';

/**
 * `wc/v3/orders` as WooCommerce serves it to an admin key: create with any status, payment,
 * customer, line amounts, fees and meta; read, list, update and delete any order.
 */

const ORDERS = '/wp-json/wc/v3/orders';
const ORDER_METHODS = 'GET, POST, PUT, PATCH, DELETE';

interface IdParams {
  Params: { id: string };
  Querystring: Query;
}

function invalidId(): WpError {
  return new WpError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
}

/** Registers the `wc/v3/orders` routes. */
export function registerWcOrderRoutes(app: FastifyInstance, context: BackendContext): void {
  const lookups = (): OrderLookups => ({
    products: context.catalogue.products,
    coupons: context.catalogue.coupons,
    userExists: (id) => userExists(context, id),
  });
  const answer = (request: FastifyRequest, order: Parameters<typeof wooOrder>[0]) =>
    wooOrder(order, requestOrigin(request));

  app.post(ORDERS, { config: { allow: 'GET, POST' } }, async (request, reply) => {
    const now = new Date();
    const order = parseOrderRequest(bodyFields(request), lookups(), now);
    const priced = priceOrder(context.catalogue.products, order.lines, order.coupons);
    const record = await context.orders.create((id) =>
      settleStock(
        settlePoints(newOrder(id, order, priced, now), context.points),
        context.catalogue,
      ),
    );
    await context.points.save();
    return reply.code(201).send(answer(request, record));
  });

  app.get<{ Querystring: Query }>(ORDERS, { config: { allow: 'GET, POST' } }, (request, reply) => {
    const { query } = request;
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(query, invalid);
    const statuses = listParam(query, 'status');
    const badStatus = statuses?.find(
      (status) => status !== 'any' && !ORDER_STATUSES.some((known) => known === status),
    );
    if (badStatus !== undefined) {
      invalid.add(
        'status',
        'rest_not_in_enum',
        `status[0] is not one of any, ${ORDER_STATUSES.join(', ')}.`,
        null,
      );
    }
    const rawCustomer = query.customer;
    const customer = rawCustomer === undefined ? undefined : positiveIntField(rawCustomer);
    if (rawCustomer !== undefined && customer === undefined && rawCustomer !== '0') {
      invalid.add('customer', 'rest_invalid_type', 'customer is not of type integer.', null);
    }
    invalid.throwIfAny();
    const wanted = statuses?.includes('any') ? undefined : statuses;
    const matches = context.orders
      .list()
      .filter(
        (order) =>
          (wanted === undefined || wanted.includes(order.status)) &&
          (rawCustomer === undefined || order.customer_id === (customer ?? 0)),
      );
    return paginate(request, reply, matches, { page, perPage, route: '/wc/v3/orders' }).map(
      (order) => answer(request, order),
    );
  });

  const byId = (request: FastifyRequest<IdParams>) => {
    const order = context.orders.get(Number(request.params.id));
    if (!order) throw invalidId();
    return order;
  };

  app.get<IdParams>(`${ORDERS}/:id(^\\d+$)`, { config: { allow: ORDER_METHODS } }, (request) =>
    answer(request, byId(request)),
  );

  app.route<IdParams>({
    method: ['PUT', 'PATCH', 'POST'],
    url: `${ORDERS}/:id(^\\d+$)`,
    config: { allow: ORDER_METHODS },
    handler: async (request) => {
      const current = byId(request);
      const update = parseOrderUpdate(bodyFields(request), lookups());
      const now = new Date();
      const record = await context.orders.update(current.id, (order) =>
        settleStock(
          settlePoints(updatedOrder(order, update, now), context.points),
          context.catalogue,
        ),
      );
      await context.points.save();
      if (!record) throw invalidId();
      return answer(request, record);
    },
  });

  app.delete<IdParams>(
    `${ORDERS}/:id(^\\d+$)`,
    { config: { allow: ORDER_METHODS } },
    async (request) => {
      const deleted = await context.orders.delete(byId(request).id);
      if (!deleted) throw invalidId();
      return answer(request, deleted);
    },
  );
}
