import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { SampleBackendOptions, WooCommerceKeys } from './config';
import { BODY_LIMIT_BYTES, resolveOptions } from './config';
import type { BackendContext, SampleState } from './context';
import { loadSampleData } from './data/load';
import { priceOrder } from './domain/orders';
import { fullBilling } from './state/orders';
import { UserDirectory } from './domain/users';
import {
  frameworkErrorReply,
  registerBodyParsers,
  registerErrorHandling,
  registerPreflight,
  registerResponseHooks,
} from './http/pipeline';
import { rewriteRequest, routePattern } from './http/request-url';
import { registerAuthRoutes } from './routes/auth';
import { registerCartServiceRoutes } from './routes/cart-service';
import { registerCustomV1Routes } from './routes/custom-v1';
import { registerCustomV2Routes } from './routes/custom-v2';
import { registerOrderPayPage } from './routes/order-pay-page';
import { registerPortalPage } from './routes/portal-page';
import { registerSiteContentRoutes } from './routes/site-content';
import { registerUploadRoutes } from './routes/uploads';
import { registerWooCommerceRoutes } from './routes/woocommerce';
import { registerWpCoreRoutes } from './routes/wp-core';
import { CartStore } from './state/carts';
import { Catalogue } from './state/catalogue';
import type { OrderRecord } from './state/orders';
import { OrderStore } from './state/orders';
import { PointsStore } from './state/points';

declare module 'fastify' {
  interface FastifyInstance {
    /** What this instance received (tracked orders, sign-ups...), for tests to inspect. */
    sampleState: SampleState;
    /** The consumer key and secret `wc/v3` requires (generated when the options gave none). */
    wooCommerceKeys: WooCommerceKeys;
  }
}

/**
 * Builds the sample backend: reads and validates the data files, opens the persisted state and
 * registers every route. The instance is not listening; call `listen` or use `inject`.
 *
 * @throws DataError when a data file is missing or malformed, naming the file.
 */
export async function buildSampleBackend(
  options: SampleBackendOptions = {},
): Promise<FastifyInstance> {
  const resolved = resolveOptions(options);
  const data = await loadSampleData(resolved.dataDir);
  const app = Fastify({
    logger: resolved.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // WordPress answers `posts` and `posts/` alike. It matches routes regardless of ASCII case
    // only, which rewriteRequest does before the router matches exactly (the router's own folding
    // uses toLowerCase(), which makes U+212A a `k`). A login JWT is a path segment of the portal
    // page, far longer than Fastify's default 100 characters.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 2048 },
    // Path normalisation, `rest_route` and method overrides, before routing (request-url.ts).
    rewriteUrl: (request) => rewriteRequest(request),
    frameworkErrors: frameworkErrorReply,
  });
  const stateLogger = {
    warn: (message: string): void => {
      app.log.warn(message);
    },
  };

  // Seed orders are priced like new ones, so their totals follow the catalogue.
  const seededOrders: OrderRecord[] = data.orders.map((seed) => ({
    id: seed.id,
    order_key: seed.order_key,
    status: seed.status,
    date_created: seed.date_created,
    date_modified: seed.date_created,
    date_paid: ['processing', 'completed'].includes(seed.status) ? seed.date_created : null,
    customer_id: seed.customer_id,
    billing: fullBilling({
      email: seed.billing.email,
      first_name: seed.billing.first_name ?? '',
      last_name: seed.billing.last_name ?? '',
    }),
    meta_data: [],
    points: null,
    // The data files' stock is what their paid orders left.
    stockReduced: ['processing', 'completed', 'on-hold'].includes(seed.status),
    ...priceOrder(data.productsById, seed.line_items, []),
  }));

  const state: SampleState = {
    trackedOrders: [],
    newsletterSubscribers: [],
    contactMessages: [],
    subscriptions: [],
    examDates: new Map(),
  };
  const context: BackendContext = {
    options: resolved,
    data,
    users: new UserDirectory(),
    carts: await CartStore.open(resolved.stateDir, stateLogger),
    orders: await OrderStore.open(resolved.stateDir, seededOrders, stateLogger),
    points: await PointsStore.open(resolved.stateDir, stateLogger),
    catalogue: new Catalogue(data.products, data.coupons),
    state,
  };
  app.decorate('sampleState', state);
  app.decorate('wooCommerceKeys', {
    key: resolved.wcConsumerKey,
    secret: resolved.wcConsumerSecret,
  });

  // Routes are written in WordPress's spelling (`courseList`); the router matches them folded,
  // as it is handed the request's path (request-url.ts).
  app.addHook('onRoute', (route) => {
    route.url = routePattern(route.url);
  });
  registerBodyParsers(app);
  registerResponseHooks(app);
  registerErrorHandling(app);
  registerPreflight(app);
  registerWpCoreRoutes(app, context);
  registerSiteContentRoutes(app, context);
  registerCustomV1Routes(app, context);
  registerCustomV2Routes(app, context);
  registerAuthRoutes(app, context);
  registerWooCommerceRoutes(app, context);
  registerOrderPayPage(app, context);
  registerPortalPage(app, context);
  registerCartServiceRoutes(app, context);
  registerUploadRoutes(app, context);
  return app;
}
