import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway } from './app';
import { makeAppsRoot, testGatewayOptions } from './test-support/contract';

/** U+212A KELVIN SIGN, percent-encoded: JavaScript's toLowerCase() makes it a `k`, PHP never. */
const KELVIN = '%E2%84%AA';

/** A WordPress that answers every route and records what reaches it. */
async function startWordPress() {
  const server = Fastify();
  const hits: string[] = [];
  server.addHook('onRequest', (request, _reply, done) => {
    hits.push(`${request.method} ${request.url}`);
    done();
  });
  server.all('/*', (request) => ({ url: request.url }));
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, url, hits };
}

describe('WordPress through the route table', () => {
  let wordpress: Awaited<ReturnType<typeof startWordPress>>;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    wordpress = await startWordPress();
  });
  // A gateway per test: each starts with its own rate-limit allowance.
  beforeEach(async () => {
    wordpress.hits.length = 0;
    gateway = await buildGateway(testGatewayOptions(makeAppsRoot(), wordpress.url));
  });
  afterEach(() => gateway.close());
  afterAll(async () => {
    wordpress.server.server.closeAllConnections();
    await wordpress.server.close();
  });

  it('a route spelled with a character outside ASCII is refused before its limit, its owner check or WordPress', async () => {
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const login = await gateway.inject({
        method: 'POST',
        url: `/wp-json/jwt-auth/v1/to${KELVIN}en`,
        payload: { username: 'learner@example.com', password: `guess-${String(attempt)}` },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({ code: 'non_canonical_request' });
    }
    const lookup = await gateway.inject(`/wp-json/custom/v2/chec${KELVIN}-order-lookup/52001`);
    expect(lookup.statusCode).toBe(400);
    expect(wordpress.hits).toEqual([]);
  });

  it.each([
    ['GET', '/wp-json/wp/v2/unused/3'],
    ['POST', '/wp-json/custom/v1/send-reset-link'],
    ['POST', '/wp-json/wp/v2/update_live_courses'],
    ['POST', '/wp-json/wsp-route/v1/create-subscription'],
    ['GET', '/wp-json/wp/v2/users'],
    ['GET', '/wp-json/'],
    ['POST', '/wp-json/batch/v1'],
  ] as const)(
    '%s %s, which no page calls, is WordPress’s no route, answered here',
    async (method, url) => {
      const answer = await gateway.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { user_id: 3 } } : {}),
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
      expect(wordpress.hits).toEqual([]);
    },
  );

  it('a read refuses every method that writes, and serves the one it is read with', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const write = await gateway.inject({
        method,
        url: '/wp-json/wp/v2/courseList',
        // A DELETE names what it removes in its path: it sends no body.
        ...(method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ method, status: write.statusCode }).toEqual({ method, status: 404 });
    }
    expect(wordpress.hits).toEqual([]);
    expect((await gateway.inject('/wp-json/wp/v2/courseList')).statusCode).toBe(200);
    expect(wordpress.hits).toEqual(['GET /wp-json/wp/v2/courseList']);
  });
});
