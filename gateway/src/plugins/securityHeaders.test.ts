import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway, type GatewayOptions } from '../app';
import { makeAppsRoot, testGatewayOptions, writeIn } from '../test-support/contract';
import { knowsNoOrders } from '../test-support/recordingWordPress';
import { jwtFor } from '../test-support/tokens';

const APP = 'https://app.example.test';

/** WooCommerce's payment page and the sample's dashboard: pages with scripts and forms of their own. */
async function startBackendPages() {
  const server = Fastify({ routerOptions: { maxParamLength: 4096 } });
  const page =
    '<!doctype html><form method="post"><button>Pay</button></form><script>payWithCard()</script>';
  server.get('/checkout/order-pay/:id/', (_request, reply) => reply.type('text/html').send(page));
  knowsNoOrders(server);
  server.get('/portal/course/:token', (_request, reply) =>
    reply.type('text/html').send('<h1>My Dashboard</h1>'),
  );
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, url };
}

describe('the headers of every page', () => {
  let backend: Awaited<ReturnType<typeof startBackendPages>>;
  let appsRoot: string;
  let options: GatewayOptions;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    backend = await startBackendPages();
    appsRoot = makeAppsRoot();
    writeIn(appsRoot, 'shell/dist/main.js', 'var main;');
    writeIn(appsRoot, 'shell/dist/main.js.map', '{"sources":["src/secret.tsx"]}');
    writeIn(appsRoot, 'shell/dist/main.js.map.gz', 'gzipped map');
    writeIn(appsRoot, 'shell/dist/mf-stats.json', '{"modules":[]}');
    writeIn(appsRoot, 'remote-header/dist/230.9c79ea49.js.map', '{"sources":[]}');
    writeIn(appsRoot, 'remote-header/dist/mf-stats.json', '{"modules":[]}');
    writeIn(appsRoot, 'deploy/remotes/header/2/mf-stats.json', '{"modules":[]}');
    const base = testGatewayOptions(appsRoot, backend.url);
    options = {
      ...base,
      upstreams: { ...base.upstreams, portal: backend.url },
      portalUrl: '/portal',
      frameAncestors: [APP],
    };
  });
  afterEach(() => gateway.close());
  afterAll(async () => {
    backend.server.server.closeAllConnections();
    await backend.server.close();
  });

  it('a backend page (payment, dashboard) has a policy against framing, plugins, a foreign base and foreign form posts, and keeps its own scripts', async () => {
    gateway = await buildGateway(options);
    for (const url of [
      '/checkout/order-pay/52001/?pay_for_order=true&key=wc_order_k',
      `/portal/course/${jwtFor(3)}`,
    ]) {
      const page = await gateway.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toBe(
        `object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self' ${APP}`,
      );
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('the storefront’s own pages and answers keep the full policy, and say SAMEORIGIN to older browsers', async () => {
    gateway = await buildGateway(options);
    for (const url of ['/', '/courses', '/no-such-file.js', '/wp-json/wp/v2/posts']) {
      const answer = await gateway.inject({ url, headers: { accept: 'text/html' } });
      const policy = answer.headers['content-security-policy'];
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain(`frame-ancestors 'self' ${APP}`);
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('source maps and federation stats are not found, the manifest the shell loads is', async () => {
    gateway = await buildGateway(options);
    for (const url of [
      '/main.js.map',
      '/main.js.map.gz',
      '/MAIN.JS.MAP',
      '/mf-stats.json',
      '/remotes/header/230.9c79ea49.js.map',
      '/remotes/header/mf-stats.json',
      '/releases/header/2/mf-stats.json',
    ]) {
      const answer = await gateway.inject({ url });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.body).not.toContain('sources');
    }
    expect((await gateway.inject({ url: '/main.js' })).statusCode).toBe(200);
    expect((await gateway.inject({ url: '/remotes/header/mf-manifest.json' })).statusCode).toBe(
      200,
    );
  });

  it('an operator may turn the source maps on; the stats stay unlisted', async () => {
    gateway = await buildGateway({ ...options, publicSourceMaps: true });
    const map = await gateway.inject({ url: '/main.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('src/secret.tsx');
    expect((await gateway.inject({ url: '/remotes/header/230.9c79ea49.js.map' })).statusCode).toBe(
      200,
    );
    expect((await gateway.inject({ url: '/mf-stats.json' })).statusCode).toBe(404);
  });

  it('a script names its source map in a SourceMap header only while an operator has the maps on', async () => {
    gateway = await buildGateway(options);
    expect((await gateway.inject({ url: '/main.js' })).headers.sourcemap).toBeUndefined();
    await gateway.close();
    gateway = await buildGateway({ ...options, publicSourceMaps: true });
    expect((await gateway.inject({ url: '/main.js' })).headers.sourcemap).toBe('main.js.map');
    expect((await gateway.inject({ url: '/courses' })).headers.sourcemap).toBeUndefined();
  });
});
