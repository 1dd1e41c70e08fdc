import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway } from './app';

function makeAppsRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-apps-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<html><head><title>Shop</title></head><body></body></html>');
  write('shell/dist/main.js', 'console.log("main");'.repeat(100));
  write('shell/dist/230.9c79ea49.js', 'var chunk = 1;');
  for (const name of ['header', 'footer', 'home', 'cart']) {
    write(`remote-${name}/dist/remoteEntry.js`, 'var entry;');
    write(`remote-${name}/dist/mf-manifest.json`, '{}');
  }
  return root;
}

describe('gateway', () => {
  let upstream: FastifyInstance;
  let gateway: FastifyInstance;
  let upstreamUrl: string;

  beforeAll(async () => {
    upstream = Fastify();
    upstream.all('/*', (request) => ({
      url: request.url,
      forwardedHost: request.headers['x-forwarded-host'],
    }));
    upstream.get('/wp-json/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return {};
    });
    upstreamUrl = await upstream.listen({ host: '127.0.0.1', port: 0 });
    gateway = await buildGateway({
      appsRoot: makeAppsRoot(),
      upstreams: { wordpress: upstreamUrl, lms: upstreamUrl },
      wooCommerce: { key: 'ck_server', secret: 'cs_server' },
      portalUrl: 'https://portal.example.test',
      logLevel: 'silent',
      upstreamTimeoutMs: 100,
    });
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  it('proxies WooCommerce routes with the server-side credentials and the forwarded host', async () => {
    const response = await gateway.inject({
      url: '/wp-json/wc/v3/products/1?consumer_key=ck_client',
      headers: { host: 'shop.example' },
    });
    const body = response.json<{ url: string; forwardedHost: string }>();
    expect(body.url).toBe(
      '/wp-json/wc/v3/products/1?consumer_key=ck_server&consumer_secret=cs_server',
    );
    expect(body.forwardedHost).toBe('shop.example');
  });

  it('routes the cart service to the LMS upstream', async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/lms/api/v1/item/get-cart-data',
    });
    expect(response.json<{ url: string }>().url).toBe('/lms/api/v1/item/get-cart-data');
  });

  it('answers 504 JSON when the upstream is too slow', async () => {
    const response = await gateway.inject({ url: '/wp-json/slow' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'upstream_timeout', data: { status: 504 } });
  });

  it('serves the shell page for client routes, with the remotes inlined and no caching', async () => {
    const response = await gateway.inject({ url: '/cart', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('id="remotes-config"');
    expect(response.body).toContain('/remotes/cart/mf-manifest.json');
    expect(response.body).toContain(
      '<script id="storefront-config" type="application/json">{"portalUrl":"https://portal.example.test"}</script>',
    );
  });

  it('gives hashed files a year of immutable cache and revalidates remote entries', async () => {
    const chunk = await gateway.inject({ url: '/230.9c79ea49.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await gateway.inject({ url: '/remotes/header/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const config = await gateway.inject({ url: '/remotes.json' });
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.json()).toMatchObject({ home: '/remotes/home/mf-manifest.json' });
  });

  it('answers a missing asset with a 404, not the shell page', async () => {
    const response = await gateway.inject({
      url: '/nope.1234abcd.js',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('compresses with brotli or gzip as the browser asks', async () => {
    const br = await gateway.inject({ url: '/main.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await gateway.inject({ url: '/main.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('reports its health', async () => {
    expect((await gateway.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});
