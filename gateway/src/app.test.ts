import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway, type GatewayOptions } from './app';
import { rateLimitOf } from './proxy/routeTable';
import { makeAppsRoot, shellPage, testGatewayOptions, writeIn } from './test-support/contract';
import { logInto } from './test-support/pageHeads';
import { jwtFor } from './test-support/tokens';
import { fakeClockOnly } from './test-support/clock';

/** A remote's mf-manifest.json exposing one module with its first files. */
function manifestExposing(name: string, js: string[], css: string[]): string {
  return JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name, assets: { js: { sync: js }, css: { sync: css } } }],
  });
}

/** The apps root these tests serve: the shell's page and files, and a file outside them. */
function appsRootWithFiles(): string {
  const root = makeAppsRoot(
    '<div class="shell-header-space"><svg class="shell-brand"></svg></div><main class="shell-main"></main>',
  );
  writeIn(root, 'shell/dist/main.js', 'console.log("main");'.repeat(100));
  writeIn(root, 'shell/dist/230.9c79ea49.js', 'var chunk = 1;');
  writeIn(root, 'shell/dist/230.9c79ea49.js.br', 'brotli bytes');
  writeIn(root, 'secret.txt', 'outside the served folders');
  return root;
}

/** A route the route table opens that the fake WordPress answers slowly. */
const SLOW_READ = '/wp-json/wp/v2/our_partner';

/** A fake WordPress + LMS that records what reaches it. */
async function startUpstream() {
  const upstream = Fastify();
  const hits: string[] = [];
  upstream.addHook('onRequest', (request, _reply, done) => {
    hits.push(`${request.method} ${request.url}`);
    done();
  });
  upstream.get('/wp-json/wp/v2/users/me', (request, reply) => {
    const token = request.headers.authorization;
    if (token === `Bearer ${jwtFor(3)}`) return { id: 3 };
    return reply
      .code(401)
      .send({ code: 'rest_not_logged_in', message: 'no', data: { status: 401 } });
  });
  /** Each request to the slow route (the partners), as it arrives (before its slow answer). */
  const slowArrivals: (() => void)[] = [];
  upstream.get(SLOW_READ, async () => {
    for (const arrived of slowArrivals.splice(0)) arrived();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return {};
  });
  upstream.get('/wp-json/wp/v2/courseList', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return [{ id: hits.length }];
  });
  upstream.get('/wp-json/wp/v2/events', (_request, reply) =>
    reply.type('text/html').send('<html>maintenance</html>'),
  );
  const banner = { delayMs: 0 };
  upstream.get('/wp-json/wp/v2/home_banner', async () => {
    await new Promise((resolve) => setTimeout(resolve, banner.delayMs));
    return [{ id: 7, title: 'Pass <b>PLAB</b></script><script>alert(1)</script>' }];
  });
  upstream.all('/*', (request) => ({
    url: request.url,
    forwardedHost: request.headers['x-forwarded-host'],
    cookie: request.headers.cookie ?? null,
  }));
  const url = await upstream.listen({ host: '127.0.0.1', port: 0 });
  /** Resolves when the next request reaches the slow route. */
  const slowArrival = () =>
    new Promise<void>((resolve) => {
      slowArrivals.push(resolve);
    });
  return { upstream, url, hits, banner, slowArrival };
}

describe('gateway', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let gateway: FastifyInstance;

  async function build(overrides: Partial<GatewayOptions> = {}) {
    const appsRoot = appsRootWithFiles();
    return buildGateway({
      ...testGatewayOptions(appsRoot, upstream.url),
      upstreamTimeoutMs: 200,
      frameAncestors: ['https://app.example.test'],
      ...overrides,
    });
  }

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await build();
  });

  afterAll(async () => {
    await gateway.close();
    // The gateway's own banner reads keep their connections alive, as they should.
    upstream.upstream.server.closeAllConnections();
    await upstream.upstream.close();
  });

  describe('proxy', () => {
    it('no WooCommerce route is reachable through the proxy, however its namespace is named', async () => {
      const before = upstream.hits.length;
      for (const url of [
        '/wp-json/wc/v3/products/1',
        '/wp-json/wc/v3/orders',
        '/wp-json/wc-analytics/reports',
        '/wp-json/wc/store/v1/cart',
      ]) {
        const response = await gateway.inject({ url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'rest_no_route' });
      }
      expect(upstream.hits.length).toBe(before);
    });

    it('tells WordPress the public address, never the Host the request named', async () => {
      const response = await gateway.inject({
        url: '/wp-json/custom/v1/404',
        headers: { host: 'evil.example' },
      });
      expect(response.json<{ forwardedHost: string }>().forwardedHost).toBe('shop.example.test');
    });

    it("the cart service takes a user's cart only with that user's token", async () => {
      const send = (userId: number, token?: string) =>
        gateway.inject({
          method: 'POST',
          url: '/lms/api/v1/item/get-cart-data',
          payload: { userId },
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      expect((await send(3)).statusCode).toBe(401);
      expect((await send(3, 'forged')).statusCode).toBe(401);
      expect((await send(3, jwtFor(4))).statusCode).toBe(401);
      expect((await send(4, jwtFor(3))).statusCode).toBe(403);
      const own = await send(3, jwtFor(3));
      expect(own.statusCode).toBe(200);
      expect(own.json<{ url: string }>().url).toBe('/lms/api/v1/item/get-cart-data');
    });

    it('answers 504 JSON when the upstream is too slow', async () => {
      const response = await gateway.inject({ url: SLOW_READ });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({ code: 'upstream_timeout', data: { status: 504 } });
    });

    it('answers 502 JSON when the upstream is down', async () => {
      const dead = await build({
        upstreams: { wordpress: 'http://127.0.0.1:9', lms: 'http://127.0.0.1:9' },
      });
      const response = await dead.inject({ url: '/wp-json/wp/v2/menu_home' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'upstream_unavailable' });
      await dead.close();
    });

    it('an upstream answering HTML instead of JSON gives a 502 JSON error', async () => {
      const response = await gateway.inject({ url: '/wp-json/wp/v2/events' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'upstream_invalid_response' });
    });
  });

  describe('read cache', () => {
    it('concurrent misses make one upstream request; the answer is then served from cache', async () => {
      const before = upstream.hits.filter((hit) => hit.includes('courseList')).length;
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => gateway.inject({ url: '/wp-json/wp/v2/courseList' })),
      );
      const bodies = new Set(answers.map((a) => a.body));
      expect(bodies.size).toBe(1);
      const again = await gateway.inject({ url: '/wp-json/wp/v2/courseList' });
      expect(again.headers['x-cache']).toBe('HIT');
      expect(upstream.hits.filter((hit) => hit.includes('courseList')).length - before).toBe(1);
    });

    it('a stale answer is served once while it is fetched again; the fresh one is served after', async () => {
      fakeClockOnly();
      const own = await build();
      try {
        const first = await own.inject({ url: '/wp-json/wp/v2/courseList?stale=1' });
        jest.setSystemTime(Date.now() + 61_000);
        const stale = await own.inject({ url: '/wp-json/wp/v2/courseList?stale=1' });
        expect(stale.headers['x-cache']).toBe('STALE');
        expect(stale.body).toBe(first.body);
        let fresh = stale;
        for (let tries = 0; tries < 50 && fresh.headers['x-cache'] !== 'HIT'; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          fresh = await own.inject({ url: '/wp-json/wp/v2/courseList?stale=1' });
        }
        expect(fresh.headers['x-cache']).toBe('HIT');
        expect(fresh.body).not.toBe(first.body);
      } finally {
        await own.close();
        jest.useRealTimers();
      }
    });

    it('never caches home_banner or a logged-in read', async () => {
      await gateway.inject({ url: '/wp-json/wp/v2/home_banner?t=1' });
      const banner = await gateway.inject({ url: '/wp-json/wp/v2/home_banner?t=1' });
      expect(banner.headers['x-cache']).toBeUndefined();
      await gateway.inject({
        url: '/wp-json/wp/v2/pages/1',
        headers: { authorization: 'Bearer x' },
      });
      const page = await gateway.inject({
        url: '/wp-json/wp/v2/pages/1',
        headers: { authorization: 'Bearer x' },
      });
      expect(page.headers['x-cache']).toBeUndefined();
    });
  });

  describe('static files', () => {
    it('serves the shell page for client routes, with the remotes and public config inlined', async () => {
      const response = await gateway.inject({ url: '/cart', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('/remotes/cart/mf-manifest.json');
      expect(response.body).toContain(
        '<script id="storefront-config" type="application/json">' +
          '{"portalUrl":"https://portal.example.test","wordpressUrl":"https://www.example-academy.test"}</script>',
      );
    });

    it('preloads the manifests of the remotes the page shows and of the teams’ models, and no other', async () => {
      const blogs = (await gateway.inject({ url: '/blogs', headers: { accept: 'text/html' } }))
        .body;
      // The layout's remotes, and the cart, whose model every page loads before its first render.
      for (const name of ['header', 'footer', 'cart']) {
        expect(blogs).toContain(
          `as="fetch" crossorigin="anonymous" href="/remotes/${name}/mf-manifest.json"`,
        );
      }
      expect(blogs).not.toContain('href="/remotes/home/mf-manifest.json"');
      // Still configured: the page can load the home page when the visitor goes there.
      expect(blogs).toContain('"home":"/remotes/home/mf-manifest.json"');
    });

    it('the home page starts its never-cached banner read with a timestamp of its own; other pages do not', async () => {
      const before = Date.now();
      const home = (await gateway.inject({ url: '/', headers: { accept: 'text/html' } })).body;
      const stamp = Number(
        /<link rel="preload" as="fetch" crossorigin="anonymous" href="\/wp-json\/wp\/v2\/home_banner\?t=(\d+)">/.exec(
          home,
        )?.[1],
      );
      expect(stamp).toBeGreaterThanOrEqual(before);
      expect(stamp).toBeLessThanOrEqual(Date.now());
      const cart = (await gateway.inject({ url: '/cart', headers: { accept: 'text/html' } })).body;
      expect(cart).not.toContain('home_banner');
    });

    it('in the company’s app, an auth or legal page comes without the layout’s first paint and hints', async () => {
      const inApp = (
        await gateway.inject({ url: '/login?isMobileApp=true', headers: { accept: 'text/html' } })
      ).body;
      expect(inApp).toContain('<body><div id="root"></div></body>');
      expect(inApp).not.toContain('href="/remotes/header/mf-manifest.json"');
      expect(inApp).not.toContain('href="/remotes/footer/mf-manifest.json"');
      // The same page in a browser shows the layout from its first paint.
      const inBrowser = (await gateway.inject({ url: '/login', headers: { accept: 'text/html' } }))
        .body;
      expect(inBrowser).toContain('<div id="root"><div class="shell-header-space"><svg');
      expect(inBrowser).toContain('href="/remotes/header/mf-manifest.json"');
    });

    it('gives hashed files a year of immutable cache and revalidates entries and the configuration', async () => {
      const chunk = await gateway.inject({ url: '/230.9c79ea49.js' });
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const entry = await gateway.inject({ url: '/remotes/header/remoteEntry.js' });
      expect(entry.headers['cache-control']).toBe('no-cache');
      const config = await gateway.inject({ url: '/remotes.json' });
      expect(config.headers['cache-control']).toBe('no-cache');
    });

    it('serves released versions from /releases/ and follows the live configuration file', async () => {
      const appsRoot = appsRootWithFiles();
      const deployDir = path.join(appsRoot, 'deploy');
      const release = path.join(deployDir, 'remotes', 'header', '1.1.0-abc');
      fs.mkdirSync(release, { recursive: true });
      fs.writeFileSync(path.join(release, 'remoteEntry.js'), 'var header;');
      fs.writeFileSync(path.join(release, '123.0a1b2c3d.js'), 'var chunk;');
      const live = '/releases/header/1.1.0-abc/mf-manifest.json';
      fs.writeFileSync(path.join(deployDir, 'remotes.json'), JSON.stringify({ header: live }));
      const released = await buildGateway({
        appsRoot,
        deployDir,
        remotesConfigFile: path.join(deployDir, 'remotes.json'),
        upstreams: { wordpress: upstream.url, lms: upstream.url },
        wooCommerce: { key: 'k', secret: 's' },
        publicUrl: 'http://localhost:8080',
        portalUrl: '/portal',
        logLevel: 'silent',
      });
      const entry = await released.inject({ url: '/releases/header/1.1.0-abc/remoteEntry.js' });
      expect(entry.statusCode).toBe(200);
      expect(entry.headers['cache-control']).toBe('no-cache');
      const chunk = await released.inject({ url: '/releases/header/1.1.0-abc/123.0a1b2c3d.js' });
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await released.inject({ url: '/remotes.json' })).json()).toEqual({ header: live });
      const page = await released.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(page.body).toContain(`href="${live}"`);
      await released.close();
    });

    it('/index.html is the home page’s old address: a permanent redirect to /', async () => {
      const response = await gateway.inject({
        url: '/index.html',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/');
    });

    it('a missing asset is a 404, not the shell page', async () => {
      const response = await gateway.inject({
        url: '/nope.1234abcd.js',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
    });

    it('path traversal never leaves the served folders', async () => {
      for (const url of [
        '/../secret.txt',
        '/remotes/header/..%2f..%2fsecret.txt',
        '/%2e%2e/secret.txt',
      ]) {
        const response = await gateway.inject({ url });
        expect(response.body).not.toContain('outside the served folders');
      }
    });

    it('serves hashed files from memory, precompressed when the browser takes brotli', async () => {
      const br = await gateway.inject({
        url: '/230.9c79ea49.js',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body).toBe('brotli bytes');
      expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
      const plain = await gateway.inject({ url: '/230.9c79ea49.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('var chunk = 1;');
      const outside = await gateway.inject({
        url: '/remotes/header/..%2f..%2fshell%2fdist%2f230.9c79ea49.js',
      });
      expect(outside.body).not.toBe('var chunk = 1;');
    });

    it('compresses with brotli or gzip as the browser asks', async () => {
      const br = await gateway.inject({ url: '/main.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      const gzip = await gateway.inject({
        url: '/main.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });
  });

  describe('operations', () => {
    it('logs as JSON without tokens or passwords', async () => {
      const lines: string[] = [];
      const logged = await build({ logLevel: 'info', logStream: logInto(lines) });
      await logged.inject({
        method: 'POST',
        url: '/wp-json/jwt-auth/v1/token',
        headers: { authorization: 'Bearer secret-token-123' },
        payload: { username: 'learner', password: 'Secret#Password' },
      });
      await logged.close();
      const text = lines.join('');
      expect(text).toContain('"msg":"request completed"');
      expect(text).not.toContain('secret-token-123');
      expect(text).not.toContain('Secret#Password');
    });

    it('a shutdown lets requests in flight finish', async () => {
      const closing = await build({ upstreamTimeoutMs: 2000 });
      const address = await closing.listen({ host: '127.0.0.1', port: 0 });
      const arrived = upstream.slowArrival();
      const slow = fetch(`${address}${SLOW_READ}`, { headers: { connection: 'close' } });
      await arrived;
      await closing.close();
      expect((await slow).status).toBe(200);
    });
  });

  describe('the home page’s hero, rendered by the home remote on the server', () => {
    let withHero: FastifyInstance;
    let appsRoot = '';

    beforeAll(async () => {
      appsRoot = appsRootWithFiles();
      const write = (file: string, text: string) => {
        writeIn(appsRoot, file, text);
      };
      write(
        'shell/dist/index.html',
        shellPage(
          '<main class="shell-main" id="main"><div class="shell-page-space" aria-busy="true">' +
            '<!--page:server-render--></div></main>',
        ),
      );
      write(
        'remote-home/dist/mf-manifest.json',
        manifestExposing('HomePage', ['exposed.1a2b3c4d.js'], ['exposed.5e6f7a8b.css']),
      );
      write(
        'remote-home/dist/server/pages.js',
        'exports.renderers = {\n' +
          "  hero: ({ reads }) => `<h1>${reads['/wp-json/wp/v2/home_banner'][0].title.replace(/</g, '&lt;')}</h1>`,\n" +
          '};',
      );
      withHero = await build({ appsRoot, deployDir: path.join(appsRoot, 'deploy') });
    });
    afterAll(() => withHero.close());

    const home = async (gateway: FastifyInstance) =>
      (await gateway.inject({ url: '/', headers: { accept: 'text/html' } })).body;

    it('puts the hero in the page’s space and the banner it came from in the page, sanitized and escaped', async () => {
      const page = await home(withHero);
      expect(page).toContain(
        '<div class="shell-page-space" aria-busy="true"><div data-server-render="home/HomePage">' +
          '<h1>Pass &lt;b>PLAB&lt;/b></h1></div></div>',
      );
      expect(page).toContain(
        '<script id="served-reads" type="application/json">{"/wp-json/wp/v2/home_banner":[{"id":7,"title":"Pass \\u003cb\\u003ePLAB\\u003c/b\\u003e"}]}</script>',
      );
      expect(page).not.toContain('alert(1)');
      // The page does not ask again for what it carries; the hero's styles apply from its first paint.
      expect(page).not.toContain('home_banner?t=');
      expect(page).toContain('<link rel="stylesheet" href="/remotes/home/exposed.5e6f7a8b.css">');
    });

    it('carries the hero’s styles inline, allowed by the page’s CSP, so it paints from one response', async () => {
      const css = '.home-hero{display:grid}';
      fs.writeFileSync(path.join(appsRoot, 'remote-home', 'dist', 'exposed.5e6f7a8b.css'), css);
      const response = await withHero.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(response.body).toContain(`<style data-href="exposed.5e6f7a8b.css">${css}</style>`);
      const hash = createHash('sha256').update(css).digest('base64');
      expect(String(response.headers['content-security-policy'])).toContain(
        `style-src 'self' 'sha256-${hash}'`,
      );
      fs.rmSync(path.join(appsRoot, 'remote-home', 'dist', 'exposed.5e6f7a8b.css'));
    });

    it('a page drawn in the browser carries the styles of what it shows too; one it cannot carry stays a preload', async () => {
      const cartCss = '.cart-page{display:grid}';
      const imageCss = '.cart-hero{background:url(assets/a.svg)}';
      writeIn(appsRoot, 'remote-cart/dist/exposed.9a8b7c6d.css', cartCss);
      writeIn(appsRoot, 'remote-cart/dist/image.1b2c3d4e.css', imageCss);
      writeIn(
        appsRoot,
        'remote-cart/dist/mf-manifest.json',
        manifestExposing(
          'CartPage',
          ['exposed.0a0b0c0d.js'],
          ['exposed.9a8b7c6d.css', 'image.1b2c3d4e.css'],
        ),
      );
      const cart = await withHero.inject({ url: '/cart', headers: { accept: 'text/html' } });
      expect(cart.body).toContain(`<style data-href="exposed.9a8b7c6d.css">${cartCss}</style>`);
      expect(cart.body).toContain(
        '<link rel="preload" as="style" href="/remotes/cart/image.1b2c3d4e.css">',
      );
      expect(cart.body).not.toContain(imageCss);
      const hash = createHash('sha256').update(cartCss).digest('base64');
      expect(String(cart.headers['content-security-policy'])).toContain(
        `style-src 'self' 'sha256-${hash}';`,
      );
      for (const file of ['exposed.9a8b7c6d.css', 'image.1b2c3d4e.css']) {
        fs.rmSync(path.join(appsRoot, 'remote-cart', 'dist', file));
      }
      writeIn(appsRoot, 'remote-cart/dist/mf-manifest.json', '{}');
    });

    /** A gateway whose live home remote is a released version with this renderer. */
    const withReleasedHome = async (version: string, renderer: string) => {
      const folder = path.join(appsRoot, 'deploy', 'remotes', 'home', version);
      fs.mkdirSync(path.join(folder, 'server'), { recursive: true });
      fs.writeFileSync(path.join(folder, 'server', 'pages.js'), renderer);
      fs.writeFileSync(
        path.join(folder, 'mf-manifest.json'),
        fs.readFileSync(path.join(appsRoot, 'remote-home', 'dist', 'mf-manifest.json')),
      );
      const config = path.join(appsRoot, 'deploy', `remotes-${version}.json`);
      fs.writeFileSync(
        config,
        JSON.stringify({ home: `/releases/home/${version}/mf-manifest.json` }),
      );
      return build({
        appsRoot,
        deployDir: path.join(appsRoot, 'deploy'),
        remotesConfigFile: config,
      });
    };

    it('renders with the renderer of the home version that is live, a released one included', async () => {
      const released = await withReleasedHome(
        '1.1.0-abc',
        'exports.renderers = { hero: () => "<h1>Released</h1>" };',
      );
      const page = await home(released);
      expect(page).toContain('<div data-server-render="home/HomePage"><h1>Released</h1></div>');
      expect(page).toContain(
        '<link rel="stylesheet" href="/releases/home/1.1.0-abc/exposed.5e6f7a8b.css">',
      );
      await released.close();
    });

    it('serves the page without its hero when the live renderer never returns, and goes on serving', async () => {
      const looping = await withReleasedHome(
        '1.2.0-loop',
        'exports.renderers = { hero: () => { for (;;) {} } };',
      );
      for (const page of [await home(looping), await home(looping)]) {
        expect(page).toContain('<div class="shell-page-space" aria-busy="true"></div>');
        expect(page).toContain('home_banner?t=');
      }
      expect((await looping.inject({ url: '/healthz' })).statusCode).toBe(200);
      await looping.close();
    });

    it('renders nothing and reads nothing with a budget of 0 (server rendering off)', async () => {
      const off = await build({
        appsRoot,
        deployDir: path.join(appsRoot, 'deploy'),
        serverRenderBudgetMs: 0,
      });
      const reads = () => upstream.hits.filter((hit) => hit.includes('home_banner')).length;
      const before = reads();
      const page = await home(off);
      expect(page).not.toContain('data-server-render');
      expect(page).toContain('home_banner?t=');
      expect(reads()).toBe(before);
      await off.close();
    });

    it('reads the banner afresh for every page, and only for the home page', async () => {
      const reads = () => upstream.hits.filter((hit) => hit.includes('home_banner')).length;
      const before = reads();
      await home(withHero);
      await home(withHero);
      await withHero.inject({ url: '/cart', headers: { accept: 'text/html' } });
      expect(reads() - before).toBe(2);
      const stamps = upstream.hits.filter((hit) => hit.includes('home_banner')).slice(-2);
      expect(new Set(stamps).size).toBe(2);
    });

    it('serves the page without the hero, the browser reading the banner, when WordPress is slower than the budget', async () => {
      const impatient = await build({
        appsRoot,
        deployDir: path.join(appsRoot, 'deploy'),
        serverRenderBudgetMs: 50,
      });
      upstream.banner.delayMs = 300;
      const started = Date.now();
      const page = await home(impatient);
      upstream.banner.delayMs = 0;
      expect(Date.now() - started).toBeLessThan(250);
      expect(page).toContain('<div class="shell-page-space" aria-busy="true"></div>');
      expect(page).toContain('home_banner?t=');
      expect(page).not.toContain('served-reads');
      await impatient.close();
    });
  });

  describe('security', () => {
    const loginsPerMinute = rateLimitOf('POST', '/wp-json/jwt-auth/v1/token')?.perMinute ?? 0;
    const signupsPerMinute = rateLimitOf('POST', '/wp-json/custom/v1/register')?.perMinute ?? 0;

    it('sends the security headers: CSP without inline scripts, nosniff, referrer policy, framing', async () => {
      const response = await gateway.inject({ url: '/', headers: { accept: 'text/html' } });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'self' https://app.example.test");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it("holds the upstream's own pages (payment, portal) to a policy that leaves their scripts alone", async () => {
      const response = await gateway.inject({ url: '/checkout/order-pay/1/' });
      expect(response.headers['content-security-policy']).toBe(
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self' https://app.example.test",
      );
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('adds HSTS behind a trusted TLS proxy; a forwarded header from anyone else is not believed', async () => {
      const forged = await gateway.inject({
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
      const behindProxy = await build({ trustedProxies: ['127.0.0.1/32'] });
      const response = await behindProxy.inject({
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      await behindProxy.close();
    });

    it('a forged X-Forwarded-For gives no fresh login allowance', async () => {
      const limited = await build();
      const statuses: number[] = [];
      for (let i = 0; i <= loginsPerMinute; i += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/wp-json/jwt-auth/v1/token',
          payload: { username: 'a', password: 'b' },
          headers: { 'x-forwarded-for': `203.0.113.${String(i % 250)}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      await limited.close();
    });

    it('rate-limits logins per client', async () => {
      const limited = await build();
      let last = 0;
      for (let i = 0; i <= loginsPerMinute; i += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/wp-json/jwt-auth/v1/token',
          payload: { username: 'a', password: 'b' },
        });
        last = response.statusCode;
        if (last === 429) {
          expect(response.json()).toMatchObject({ code: 'rate_limited' });
          break;
        }
      }
      expect(last).toBe(429);
      await limited.close();
    });

    it('rate-limits sign-ups per client: accounts cannot be made in bulk', async () => {
      const limited = await build();
      const statuses: number[] = [];
      for (let i = 0; i <= signupsPerMinute; i += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/wp-json/custom/v1/register',
          payload: { username: `u${String(i)}`, email: `u${String(i)}@example.com`, password: 'x' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, signupsPerMinute)).not.toContain(429);
      expect(statuses.at(-1)).toBe(429);
      await limited.close();
    });

    it('limits searches per client: a visitor typing a long term is far within it, a stream of made-up terms is not', async () => {
      const searchesPerMinute = rateLimitOf('GET', '/wp-json/custom/v1/search')?.perMinute ?? 0;
      const limited = await build();
      const search = (term: string, remoteAddress = '203.0.113.7') =>
        limited.inject({
          url: `/wp-json/custom/v1/search?s=${encodeURIComponent(term)}`,
          remoteAddress,
        });
      // The header's suggestions at worst ask once per character typed from the second on.
      const typed = 'plab 2 mock circuit in manchester';
      const typing: number[] = [];
      for (let end = 2; end <= typed.length; end += 1) {
        typing.push((await search(typed.slice(0, end))).statusCode);
      }
      expect(typing).toEqual(typing.map(() => 200));
      expect(typing.length * 5).toBeLessThan(searchesPerMinute);
      const script: number[] = [];
      for (let term = typing.length; term <= searchesPerMinute; term += 1) {
        script.push((await search(`made-up-${String(term)}`)).statusCode);
      }
      expect(script.slice(0, -1)).not.toContain(429);
      expect(script.at(-1)).toBe(429);
      // Another visitor searches on.
      expect((await search('plab', '203.0.113.8')).statusCode).toBe(200);
      await limited.close();
    }, 30_000);

    it('JSON nested too deeply is a 400 JSON error, not a 500', async () => {
      const deep = await gateway.inject({
        method: 'POST',
        url: '/wp-json/custom/v1/newsletter',
        headers: { 'content-type': 'application/json' },
        payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      });
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toMatchObject({ code: 'invalid_request', data: { status: 400 } });
      expect(deep.body).not.toMatch(/at \w+ \(/);
    });

    it('no foreign origin gets CORS, whatever WordPress says; a listed one does', async () => {
      const foreign = await gateway.inject({
        url: '/wp-json/custom/v1/acceptable-use-policy',
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();
      const listed = await build({ allowedOrigins: ['https://app.example.test'] });
      const preflight = await listed.inject({
        method: 'OPTIONS',
        url: '/api/shop/rewards',
        headers: {
          origin: 'https://app.example.test',
          'access-control-request-method': 'GET',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.test');
      await listed.close();
    });

    it('answers about one person are never stored by a browser or proxy', async () => {
      for (const url of ['/api/shop/rewards', '/lms/api/v1/item/get-cart-data']) {
        const response = await gateway.inject({
          method: url.startsWith('/lms') ? 'POST' : 'GET',
          url,
        });
        expect(response.headers['cache-control']).toBe('no-store');
      }
      const login = await gateway.inject({
        method: 'POST',
        url: '/wp-json/jwt-auth/v1/token',
        payload: {},
      });
      expect(login.headers['cache-control']).toBe('no-store');
    });

    it('malformed JSON and oversized bodies get a clear JSON error', async () => {
      const malformed = await gateway.inject({
        method: 'POST',
        url: '/wp-json/custom/v1/newsletter',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'invalid_request' });
      const huge = await gateway.inject({
        method: 'POST',
        url: '/wp-json/custom/v1/newsletter',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ code: 'payload_too_large' });
    });

    it('reports its health', async () => {
      expect((await gateway.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    });
  });

  describe('the server-wide rules, whichever part of the gateway answers', () => {
    /** A request each part answers: the page, a file not found, the proxy, commerce, identity, health. */
    const PARTS: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string> }[] = [
      { method: 'GET', url: '/cart', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/missing.0123abcd.js' },
      { method: 'GET', url: '/wp-json/wp/v2/menu_home' },
      { method: 'GET', url: '/api/shop/products/abc' },
      { method: 'POST', url: '/api/session/logout' },
      { method: 'GET', url: '/healthz' },
    ];

    it('every answer carries the security headers, a page not found included', async () => {
      for (const part of PARTS) {
        const answer = await gateway.inject(part);
        expect([part.url, answer.headers['x-content-type-options']]).toEqual([part.url, 'nosniff']);
        expect([part.url, answer.headers['content-security-policy']]).toEqual([
          part.url,
          expect.stringContaining("frame-ancestors 'self' https://app.example.test"),
        ]);
      }
    });

    it('every part hears a request only after the server-wide checks, in their order: framing, the canonical path, the client’s rate limit, an ended session', async () => {
      const own = await build();
      const ended = { authorization: `Bearer ${jwtFor(3)}` };
      const logout = { method: 'POST', url: '/api/session/logout' } as const;
      try {
        expect((await own.inject({ ...logout, headers: ended })).statusCode).toBe(204);
        const before = upstream.hits.length;
        for (const part of PARTS) {
          const send = async (headers: Record<string, string>) => {
            const answer = await own.inject({
              ...part,
              headers: { ...part.headers, ...ended, ...headers },
            });
            return [part.url, answer.statusCode, answer.json<unknown>()];
          };
          const override = { 'x-http-method-override': 'DELETE' };
          expect(await send({ ...override, 'transfer-encoding': 'gzip' })).toEqual([
            part.url,
            400,
            expect.objectContaining({ message: 'The only Transfer-Encoding accepted is chunked.' }),
          ]);
          expect(await send(override)).toEqual([
            part.url,
            400,
            expect.objectContaining({ code: 'non_canonical_request' }),
          ]);
          expect(await send({})).toEqual([
            part.url,
            401,
            expect.objectContaining({ code: 'token_revoked' }),
          ]);
        }
        expect(upstream.hits.length).toBe(before);
        // A refused request uses none of its client's allowance.
        const limit = rateLimitOf('POST', logout.url)?.perMinute ?? 0;
        for (let i = 0; i <= limit; i += 1) {
          const refused = await own.inject({
            ...logout,
            headers: { 'x-http-method-override': 'GET' },
          });
          expect(refused.statusCode).toBe(400);
        }
        expect((await own.inject(logout)).statusCode).toBe(204);
      } finally {
        await own.close();
      }
    });
  });
});
