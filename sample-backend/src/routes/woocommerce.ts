import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResolvedOptions } from '../config';
import type { BackendContext } from '../context';
import { couponDiscountPence, usableCoupon } from '../domain/coupons';
import { formatPounds, parseAmountInput } from '../domain/money';
import { parseOrderRequest } from '../domain/order-request';
import { priceOrder } from '../domain/orders';
import { InvalidParams, WpError } from '../errors';
import type { Query } from '../http/input';
import { bodyFields, queryValue, textField } from '../http/input';
import { requestOrigin } from '../http/origin';
import { pageParams, paginate } from '../http/wp-collection';
import { wooOrder, wooProduct, wooVariation } from './wc-shapes';

/**
 * WooCommerce's REST API (`wc/v3`): products, variations, orders and the site's apply-coupon
 * route. Every request must carry the consumer key and secret; totals are always computed here
 * from the catalogue, never taken from the client.
 */

const WC_PREFIX = '/wp-json/wc/v3';

interface IdParams {
  Params: { id: string };
  Querystring: Query;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function credentials(request: FastifyRequest<{ Querystring: Query }>): {
  key?: string;
  secret?: string;
} {
  const key = queryValue(request.query, 'consumer_key');
  const secret = queryValue(request.query, 'consumer_secret');
  if (key !== undefined || secret !== undefined) return { key, secret };
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return {};
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  return separator < 0
    ? { key: decoded }
    : { key: decoded.slice(0, separator), secret: decoded.slice(separator + 1) };
}

/** WooCommerce's answer to missing or wrong credentials, or undefined when they are right. */
function authenticationError(
  request: FastifyRequest<{ Querystring: Query }>,
  options: ResolvedOptions,
): WpError | undefined {
  const { key, secret } = credentials(request);
  const invalid = (what: string): WpError =>
    new WpError(401, 'woocommerce_rest_authentication_error', `Consumer ${what} is invalid.`);
  if (!sameSecret(key, options.wcConsumerKey)) return invalid('key');
  if (!sameSecret(secret, options.wcConsumerSecret)) return invalid('secret');
  return undefined;
}

/** Registers the `wc/v3` routes and their credential check. */
export function registerWooCommerceRoutes(app: FastifyInstance, context: BackendContext): void {
  const { data } = context;

  // A hook rather than a per-route check, so unknown wc/v3 paths need credentials too, as in
  // WordPress where authentication runs before routing.
  app.addHook<{ Querystring: Query }>('onRequest', (request, _reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    const isWooCommerce = path === WC_PREFIX || path.startsWith(`${WC_PREFIX}/`);
    done(
      isWooCommerce && request.method !== 'OPTIONS'
        ? authenticationError(request, context.options)
        : undefined,
    );
  });

  const productById = (rawId: string) => {
    const product = data.productsById.get(Number(rawId));
    if (!product) throw new WpError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
    return product;
  };

  app.get<IdParams>(`${WC_PREFIX}/products/:id(^\\d+$)`, (request) =>
    wooProduct(productById(request.params.id)),
  );

  app.get<IdParams>(`${WC_PREFIX}/products/:id(^\\d+$)/variations`, (request, reply) => {
    const product = productById(request.params.id);
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(request.query, invalid);
    invalid.throwIfAny();
    const variations = (product.variations ?? []).map((variation, index) =>
      wooVariation(product, variation, index),
    );
    return paginate(request, reply, variations, {
      page,
      perPage,
      route: `/wc/v3/products/${String(product.id)}/variations`,
    });
  });

  app.post(`${WC_PREFIX}/orders`, async (request, reply) => {
    const now = new Date();
    const order = parseOrderRequest(bodyFields(request), data, context.users, now);
    const priced = priceOrder(data, order.lines, order.coupons);
    const record = await context.orders.create({
      status: 'pending',
      date_created: now.toISOString().slice(0, 19),
      customer_id: order.customerId,
      billing: order.billing,
      ...priced,
    });
    return reply.code(201).send(wooOrder(record, requestOrigin(request)));
  });

  app.get<IdParams>(`${WC_PREFIX}/orders/:id(^\\d+$)`, (request) => {
    const order = context.orders.get(Number(request.params.id));
    if (!order) throw new WpError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return wooOrder(order, requestOrigin(request));
  });

  app.post(`${WC_PREFIX}/apply-coupon`, (request) => {
    const fields = bodyFields(request);
    const code = textField(fields, 'code');
    if (code === undefined)
      throw new WpError(400, 'missing_coupon_code', 'Please enter a coupon code.');
    const total = fields.total === undefined ? undefined : parseAmountInput(fields.total);
    if (fields.total !== undefined && total === undefined) {
      throw new WpError(400, 'invalid_total', 'total must be an amount in pounds, e.g. 59.97.');
    }
    const coupon = usableCoupon(data.coupons, code, new Date());
    if (coupon.discount_type === 'percent' && total === undefined) {
      throw new WpError(400, 'missing_total', 'Send the cart total to apply a percentage coupon.');
    }
    return {
      code: coupon.code,
      amount: formatPounds(couponDiscountPence(coupon, total ?? 0)),
      discount_type: coupon.discount_type,
      message: 'Coupon code applied successfully.',
    };
  });
}
