import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResolvedOptions } from '../config';
import type { BackendContext } from '../context';
import { WpError } from '../errors';
import type { Query } from '../http/input';
import { queryValue } from '../http/input';
import { isUnderRoute } from '../http/request-url';
import { POINTS_PREFIX, registerPointsRoutes } from './points-rewards';
import { registerWcCouponRoutes } from './wc-coupons';
import { registerWcCustomerRoutes } from './wc-customers';
import { registerWcOrderRoutes } from './wc-orders';
import { registerWcProductRoutes } from './wc-products';

/**
 * WooCommerce's REST API (`wc/v3`) and the Points and Rewards extension, as they answer a client
 * holding the store's admin key pair: every request must carry the consumer key and secret (as
 * query parameters or HTTP Basic), and then anything an admin may do is done.
 */

const POINTS_ROUTE = POINTS_PREFIX.replace('/wp-json', '');

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

/** Registers the `wc/v3` and Points and Rewards routes and their credential check. */
export function registerWooCommerceRoutes(app: FastifyInstance, context: BackendContext): void {
  // A hook rather than a per-route check, so unknown wc/v3 paths need credentials too, as in
  // WordPress where authentication runs before routing. The URL is already normalised here
  // (request-url.ts), so every spelling of a path gets the same check.
  app.addHook<{ Querystring: Query }>('onRequest', (request, _reply, done) => {
    const needsKeys =
      isUnderRoute(request.url, '/wc/v3') || isUnderRoute(request.url, POINTS_ROUTE);
    done(
      needsKeys && request.method !== 'OPTIONS'
        ? authenticationError(request, context.options)
        : undefined,
    );
  });

  registerWcProductRoutes(app, context);
  registerWcOrderRoutes(app, context);
  registerWcCouponRoutes(app, context);
  registerWcCustomerRoutes(app, context);
  registerPointsRoutes(app, context);
}
