import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { makeAppsRoot, testGatewayOptions } from './contract';

/**
 * A WordPress on 127.0.0.1 (a free port) answering with `routes`, that records every request
 * reaching it (`METHOD url`, as it arrives, before any route or body parser sees it).
 */
export async function startRecordingWordPress(routes: (server: FastifyInstance) => void) {
  const server = Fastify();
  const hits: string[] = [];
  server.addHook('onRequest', (request, _reply, done) => {
    hits.push(`${request.method} ${request.url}`);
    done();
  });
  routes(server);
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    server,
    url,
    hits,
    close: async () => {
      server.server.closeAllConnections();
      await server.close();
    },
  };
}

/**
 * WooCommerce's answer to a read of an order it does not know: the gateway's check of a payment
 * page's points and places (commerce/payment.ts) then leaves the page to WordPress.
 */
export function knowsNoOrders(server: FastifyInstance): void {
  server.get('/wp-json/wc/v3/orders/:id', (_request, reply) =>
    reply
      .code(404)
      .send({ code: 'woocommerce_rest_shop_order_invalid_id', message: 'Invalid ID.' }),
  );
}

export type RecordingWordPress = Awaited<ReturnType<typeof startRecordingWordPress>>;

/**
 * For a describe block: a recording WordPress with `routes`, started once, and before each test
 * a gateway in front of it (so each test has its own rate-limit allowance), serving the apps
 * `appsRoot` makes, with nothing recorded yet; the gateway is closed after its test.
 */
export function recordingWordPressPerTest(
  routes: (server: FastifyInstance) => void,
  appsRoot: () => string = makeAppsRoot,
) {
  let wordpress!: RecordingWordPress;
  let gateway!: FastifyInstance;
  beforeAll(async () => {
    wordpress = await startRecordingWordPress(routes);
  });
  beforeEach(async () => {
    wordpress.hits.length = 0;
    gateway = await buildGateway(testGatewayOptions(appsRoot(), wordpress.url));
  });
  afterEach(() => gateway.close());
  afterAll(() => wordpress.close());
  return {
    get wordpress() {
      return wordpress;
    },
    get gateway() {
      return gateway;
    },
  };
}
