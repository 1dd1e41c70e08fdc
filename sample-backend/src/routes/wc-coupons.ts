import type { FastifyInstance } from 'fastify';
import type { BackendContext } from '../context';
import type { Coupon } from '../data/files';
import { wooDate } from '../domain/order-changes';
import { couponDiscountPence, usableCoupon } from '../domain/coupons';
import { formatPounds, parseAmountInput, toPence } from '../domain/money';
import { InvalidParams, WpError } from '../errors';
import type { Query } from '../http/input';
import { bodyFields, queryValue, textField } from '../http/input';
import { pageParams, paginate } from '../http/wp-collection';
import type { JsonObject } from '../json';
import type { CouponRecord } from '../state/catalogue';

/**
 * Coupons: WooCommerce's `wc/v3/coupons` (list, read, create, as an admin key may) and the
 * site's own `wc/v3/apply-coupon`, which tells the cart what a code takes off.
 */

const COUPONS = '/wp-json/wc/v3/coupons';

function wooCoupon(coupon: CouponRecord): JsonObject {
  return {
    id: coupon.id,
    code: coupon.code,
    amount: formatPounds(toPence(coupon.amount)),
    date_created: coupon.date_created,
    date_created_gmt: coupon.date_created,
    date_modified: coupon.date_created,
    discount_type: coupon.discount_type,
    description: coupon.description,
    date_expires: coupon.expires === null ? null : `${coupon.expires}T00:00:00`,
    usage_count: 0,
    individual_use: false,
    product_ids: [],
    excluded_product_ids: [],
    usage_limit: null,
    usage_limit_per_user: null,
    free_shipping: false,
    minimum_amount: '0.00',
    maximum_amount: '0.00',
    email_restrictions: [],
    used_by: [],
    meta_data: [],
  };
}

/** A `POST wc/v3/coupons` body; WordPress's errors for a missing code or a bad type. */
function newCoupon(fields: Record<string, unknown>, existing: readonly Coupon[]): Coupon {
  const code = textField(fields, 'code');
  if (code === undefined) {
    throw new WpError(400, 'rest_missing_callback_param', 'Missing parameter(s): code', {
      params: ['code'],
    });
  }
  const invalid = new InvalidParams();
  const type = fields.discount_type ?? 'fixed_cart';
  if (type !== 'fixed_cart' && type !== 'percent') {
    invalid.add(
      'discount_type',
      'rest_not_in_enum',
      'discount_type is not one of percent, fixed_cart.',
      null,
    );
  }
  const amount = fields.amount === undefined ? 0 : parseAmountInput(fields.amount);
  if (amount === undefined) {
    invalid.add('amount', 'rest_invalid_type', 'amount is not of type string.', null);
  }
  const expires = fields.date_expires;
  const date = typeof expires === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(expires)?.[0] : undefined;
  if (expires !== undefined && expires !== null && date === undefined) {
    invalid.add('date_expires', 'rest_invalid_date', 'date_expires is not a valid date.', null);
  }
  invalid.throwIfAny();
  if (existing.some((coupon) => coupon.code.toLowerCase() === code.toLowerCase())) {
    throw new WpError(
      400,
      'woocommerce_rest_coupon_code_already_exists',
      'The coupon code already exists',
    );
  }
  return {
    code,
    discount_type: type === 'percent' ? 'percent' : 'fixed_cart',
    amount: formatPounds(amount ?? 0),
    description: typeof fields.description === 'string' ? fields.description : '',
    expires: date ?? null,
  };
}

/** Registers `wc/v3/coupons` and `wc/v3/apply-coupon`. */
export function registerWcCouponRoutes(app: FastifyInstance, context: BackendContext): void {
  const { catalogue } = context;

  app.get<{ Querystring: Query }>(COUPONS, (request, reply) => {
    const invalid = new InvalidParams();
    const { page, perPage } = pageParams(request.query, invalid);
    invalid.throwIfAny();
    const code = queryValue(request.query, 'code')?.toLowerCase();
    const matches = catalogue.coupons.filter(
      (coupon) => code === undefined || coupon.code.toLowerCase() === code,
    );
    return paginate(request, reply, matches, { page, perPage, route: '/wc/v3/coupons' }).map(
      wooCoupon,
    );
  });

  app.get<{ Params: { id: string } }>(`${COUPONS}/:id(^\\d+$)`, (request) => {
    const coupon = catalogue.coupons.find((c) => c.id === Number(request.params.id));
    if (!coupon) throw new WpError(404, 'woocommerce_rest_shop_coupon_invalid_id', 'Invalid ID.');
    return wooCoupon(coupon);
  });

  app.post(COUPONS, (request, reply) => {
    const coupon = newCoupon(bodyFields(request), catalogue.coupons);
    return reply.code(201).send(wooCoupon(catalogue.addCoupon(coupon, wooDate(new Date()))));
  });

  app.post('/wp-json/wc/v3/apply-coupon', (request) => {
    const fields = bodyFields(request);
    const code = textField(fields, 'code');
    if (code === undefined)
      throw new WpError(400, 'missing_coupon_code', 'Please enter a coupon code.');
    const total = fields.total === undefined ? undefined : parseAmountInput(fields.total);
    if (fields.total !== undefined && total === undefined) {
      throw new WpError(400, 'invalid_total', 'total must be an amount in pounds, e.g. 59.97.');
    }
    const coupon = usableCoupon(catalogue.coupons, code, new Date());
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
