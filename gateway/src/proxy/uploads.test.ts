import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { jwtFor } from '../test-support/tokens';

/** What reached WordPress's uploads. */
interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  length: string | undefined;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WORDPRESS_404 = '<!doctype html><title>Page not found</title><p>WordPress’s own page';

let wordpress: FastifyInstance;
let gateway: FastifyInstance;
const received: Received[] = [];

beforeAll(async () => {
  wordpress = Fastify();
  wordpress.addHook('onRequest', (request, _reply, done) => {
    received.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      length: request.headers['content-length'],
    });
    done();
  });
  wordpress.all('/wp-content/uploads/2024/02/plab.png', (_request, reply) =>
    reply.type('image/png').send(PNG),
  );
  // A missing file: the web server hands it to index.php, which answers its HTML 404, or a
  // page of the site with 200.
  wordpress.all('/wp-content/uploads/2024/02/missing.png', (_request, reply) =>
    reply.code(404).type('text/html; charset=UTF-8').send(WORDPRESS_404),
  );
  wordpress.all('/wp-content/uploads/2024/02/guessed.png', (_request, reply) =>
    reply.type('text/html; charset=UTF-8').send(WORDPRESS_404),
  );
  const url = await wordpress.listen({ host: '127.0.0.1', port: 0 });
  gateway = await buildGateway(testGatewayOptions(makeAppsRoot(), url));
});

beforeEach(() => {
  received.length = 0;
});

afterAll(async () => {
  await gateway.close();
  await wordpress.close();
});

describe('uploaded files', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)(
    'are never %s, which WordPress would take as a request of its own: 405, and nothing reaches it',
    async (method) => {
      const answer = await gateway.inject({
        method,
        url: '/wp-content/uploads/2024/02/plab.png',
        headers: { authorization: `Bearer ${jwtFor(3)}` },
        // A DELETE or OPTIONS with a body is refused earlier (framing): these send none.
        ...(method === 'OPTIONS' || method === 'DELETE'
          ? {}
          : { payload: { rest_route: '/wp/v2/users' } }),
      });
      expect(answer.statusCode).toBe(405);
      expect(answer.json()).toMatchObject({ code: 'method_not_allowed' });
      expect(received).toEqual([]);
    },
  );

  it('are read with nothing of the request but the path: no query, no token, no body', async () => {
    const answer = await gateway.inject({
      method: 'GET',
      url: '/wp-content/uploads/2024/02/plab.png?ver=2&key=x',
      headers: { authorization: `Bearer ${jwtFor(3)}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(PNG);
    const head = await gateway.inject({
      method: 'HEAD',
      url: '/wp-content/uploads/2024/02/plab.png',
    });
    expect(head.statusCode).toBe(200);
    expect(received).toEqual([
      {
        method: 'GET',
        url: '/wp-content/uploads/2024/02/plab.png',
        authorization: undefined,
        length: undefined,
      },
      {
        method: 'HEAD',
        url: '/wp-content/uploads/2024/02/plab.png',
        authorization: undefined,
        length: undefined,
      },
    ]);
  });

  it.each([
    ['WordPress’s 404 page', '/wp-content/uploads/2024/02/missing.png'],
    ['a page of WordPress in place of the file', '/wp-content/uploads/2024/02/guessed.png'],
  ])('a missing file is the gateway’s own 404, never %s', async (_what, url) => {
    const answer = await gateway.inject(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      code: 'not_found',
      message: 'Not found.',
      data: { status: 404 },
    });
    expect(answer.body).not.toContain('WordPress');
  });
});
