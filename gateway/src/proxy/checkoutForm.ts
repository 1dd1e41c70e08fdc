import type { IncomingHttpHeaders } from 'node:http';
import { pathOf } from '../plugins/canonicalPaths';
import type { Refusal } from './routeTable';

/**
 * The one form a browser may post through the gateway: WooCommerce's "pay for order" form, which
 * the payment page posts to its own URL (`/checkout/order-pay/{id}/?pay_for_order=true&key=…`)
 * to pay or cancel the order. Everything else under /checkout is read-only.
 */

/** The form's one spelling of its path: the order id without leading zeros, the trailing slash. */
const ORDER_PAY_FORM_PATH = /^\/checkout\/order-pay\/[1-9]\d{0,9}\/$/;

/** A pay-for-order form is a few fields; a card's own form lives at the payment provider. */
export const MAX_ORDER_PAY_FORM_BYTES = 4 * 1024;

/** What a browser sends for a form without `enctype`. */
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

/** The query of the page's URL, which its form posts to: the order's key, and nothing else. */
const QUERY_NAMES = ['pay_for_order', 'key'];
const ORDER_KEY = /^wc_order_[A-Za-z0-9]{1,64}$/;

/**
 * The fields of WooCommerce's form (templates/checkout/form-pay.php; the sample's order-pay page):
 * paying (`woocommerce_pay`, the payment method, the terms box and its nonce) or cancelling
 * (`cancel_order`). Any other field is refused (requestBodies.ts reads the form, phpParams.ts
 * its names): WordPress takes its public query variables from a POST body too
 * (`WP::parse_request`), so `rest_route` there is a REST call, and `wc-api` runs a WooCommerce
 * API handler.
 */
export const ORDER_PAY_FIELDS = [
  'woocommerce_pay',
  'payment_method',
  'terms',
  'terms-field',
  'woocommerce-pay-nonce',
  '_wp_http_referer',
  'cancel_order',
];

/** Whether a request is a post of the pay-for-order form's path: the only one whose form body is read. */
export function isOrderPayForm(method: string, url: string): boolean {
  return method === 'POST' && ORDER_PAY_FORM_PATH.test(pathOf(url));
}

function queryProblem(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const params = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
  const names = [...params.keys()];
  if (names.some((name) => !QUERY_NAMES.includes(name)) || new Set(names).size !== names.length) {
    return 'The payment form posts to its page’s URL: pay_for_order and the order key only.';
  }
  const key = params.get('key');
  return key !== null && ORDER_KEY.test(key) ? undefined : 'The order key is missing.';
}

function bodyProblem(body: unknown): string | undefined {
  return typeof body === 'string' ? undefined : 'The payment form was not sent.';
}

/**
 * Why a POST under /checkout is refused, or undefined for the pay-for-order form: its path in its
 * one spelling, a form body (its size is limited where it is read), posted from the storefront's
 * own pages when the browser says where from, to the page's URL with the order key (its fields
 * were read when it arrived: ORDER_PAY_FIELDS only).
 */
export function orderPayFormRefusal(
  request: { method: string; url: string; headers: IncomingHttpHeaders; body: unknown },
  publicOrigin: string,
): Refusal | undefined {
  if (!isOrderPayForm(request.method, request.url)) {
    return {
      status: 405,
      code: 'method_not_allowed',
      message: 'Only the payment form of an order may be posted here.',
    };
  }
  const type = request.headers['content-type'] ?? '';
  if (!FORM_TYPE.test(type)) {
    return {
      status: 415,
      code: 'unsupported_media_type',
      message: 'Send the payment form as a form (application/x-www-form-urlencoded).',
    };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== publicOrigin) {
    return {
      status: 403,
      code: 'forbidden',
      message: 'The payment form is posted from the storefront only.',
    };
  }
  const problem = queryProblem(request.url) ?? bodyProblem(request.body);
  return problem === undefined
    ? undefined
    : { status: 400, code: 'invalid_request', message: problem };
}
