import type { FastifyInstance } from 'fastify';
import { warnings } from '../plugins/logging';
import { createOrdersCookie } from './orderCookie';
import { registerOrderTracking } from './orderTracking';
import { createOwnOrderReader } from './ownership';
import { registerShopRoutes } from './routes';
import { wooCommerceOf } from './wooCommerce';

/**
 * The browser's commerce API (`/api/shop`), the only way to WooCommerce: the gateway calls it
 * with its own keys, and each operation reads what it accepts with a schema and answers an
 * explicit list of fields; and a paid order's tracking, posted by the gateway. Its own scope:
 * routes only.
 */
export function commerce(app: FastifyInstance, _options: unknown, loaded: () => void): void {
  const { config, identity, readCache, shared } = app;
  const log = warnings(app.log);
  const wc = wooCommerceOf(config, log, app.metrics.upstreamFailed);
  const ordersCookie = createOrdersCookie(log, { secure: config.secureCookies });
  const readOwnOrder = createOwnOrderReader(wc, identity, ordersCookie);
  registerShopRoutes(app, {
    wc,
    identity,
    cache: readCache,
    ordersCookie,
    readOwnOrder,
    shared,
    settlement: app.settlement,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    log,
  });
  registerOrderTracking(app, {
    wc,
    readOwnOrder,
    wordpress: {
      url: config.upstreams.wordpress,
      publicUrl: config.publicUrl,
      timeoutMs: config.upstreamTimeoutMs,
    },
    shared,
    log,
  });
  loaded();
}
