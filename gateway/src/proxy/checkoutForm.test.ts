import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { MAX_ORDER_PAY_FORM_BYTES } from './checkoutForm';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { knowsNoOrders } from '../test-support/recordingWordPress';
import { HOME_PAGE } from '../page/servedHeads';

const PUBLIC_URL = 'https://shop.example.test';
const KEY = 'wc_order_AbC123xyz0987';
const PAY_URL = `/checkout/order-pay/52003/?pay_for_order=true&key=${KEY}`;
const PAY = 'woocommerce_pay=1&payment_method=sample_card';
/** The page's URL and form as the gateway writes them out again for WordPress: names in order. */
const UPSTREAM_PAY_URL = `/checkout/order-pay/52003/?key=${KEY}&pay_for_order=true`;
const UPSTREAM_PAY = 'payment_method=sample_card&woocommerce_pay=1';
const FORM = 'application/x-www-form-urlencoded';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string | undefined;
  cookie: string | undefined;
}

/** A WordPress that takes the payment form as WooCommerce does, and records what reaches it. */
async function startWordPress() {
  const wordpress = Fastify();
  const received: Received[] = [];
  wordpress.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  wordpress.addHook('preHandler', (request, _reply, done) => {
    // The gateway's own WooCommerce reads are not the page's requests.
    if (request.url.startsWith('/wp-json/')) {
      done();
      return;
    }
    received.push({
      method: request.method,
      url: request.url,
      contentType: request.headers['content-type'],
      body: typeof request.body === 'string' ? request.body : undefined,
      cookie: request.headers.cookie,
    });
    done();
  });
  wordpress.post<{ Params: { id: string }; Querystring: { key?: string } }>(
    '/checkout/order-pay/:id/',
    (request, reply) => {
      if (request.query.key !== KEY) return reply.code(404).type('text/html').send('Not found');
      const received = `${String(request.headers['x-forwarded-proto'])}://${String(request.headers['x-forwarded-host'])}`;
      return reply.redirect(
        `${received}/checkout/order-received/${request.params.id}/?key=${KEY}`,
        303,
      );
    },
  );
  knowsNoOrders(wordpress);
  wordpress.all('/*', (_request, reply) => reply.type('text/html').send('<p>WordPress page</p>'));
  const url = await wordpress.listen({ host: '127.0.0.1', port: 0 });
  return { wordpress, url, received };
}

/** Posts a form with the path exactly as given (no client normalizes it); answers the status. */
function rawPost(port: number, rawPath: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: rawPath,
        headers: { 'content-type': FORM, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('the checkout pages through the gateway', () => {
  let upstream: Awaited<ReturnType<typeof startWordPress>>;
  let gateway: FastifyInstance;

  function build() {
    const appsRoot = makeAppsRoot(
      '<main class="shell-main"><div class="shell-page-space" aria-busy="true"></div></main>',
    );
    return buildGateway({
      ...testGatewayOptions(appsRoot, upstream.url),
      publicUrl: PUBLIC_URL,
      upstreamTimeoutMs: 500,
      serverRenderBudgetMs: 0,
    });
  }

  beforeAll(async () => {
    upstream = await startWordPress();
    gateway = await build();
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.wordpress.close();
  });

  // Each post comes from a client of its own, so the per-client limit on the form (tested
  // below) never answers a test about something else.
  let clients = 0;
  const newClient = () => {
    clients += 1;
    return `198.51.100.${String(clients)}`;
  };

  function postForm(
    url: string,
    payload: string,
    headers: Record<string, string> = {},
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
  ) {
    return gateway.inject({
      method,
      url,
      payload,
      remoteAddress: newClient(),
      headers: { 'content-type': FORM, origin: PUBLIC_URL, ...headers },
    });
  }

  /** What reached WordPress while `run` ran. */
  async function upstreamCalls(run: () => Promise<unknown>): Promise<Received[]> {
    const before = upstream.received.length;
    await run();
    return upstream.received.slice(before);
  }

  describe('the pay-for-order form', () => {
    it('reaches WordPress as the gateway read it (its query and fields written out again), without the browser’s cookies, and its redirect comes back on the public address', async () => {
      let status = 0;
      let location: unknown;
      const calls = await upstreamCalls(async () => {
        const response = await postForm(PAY_URL, PAY, { cookie: 'sf_orders=1; wp_session=x' });
        status = response.statusCode;
        location = response.headers.location;
      });
      expect(status).toBe(303);
      expect(location).toBe(`${PUBLIC_URL}/checkout/order-received/52003/?key=${KEY}`);
      expect(calls).toEqual([
        {
          method: 'POST',
          url: UPSTREAM_PAY_URL,
          contentType: FORM,
          body: UPSTREAM_PAY,
          cookie: undefined,
        },
      ]);
    });

    it('is taken with the charset a browser may name, and without an Origin header (a client that sends none)', async () => {
      const response = await gateway.inject({
        method: 'POST',
        url: PAY_URL,
        payload: 'cancel_order=true',
        remoteAddress: newClient(),
        headers: { 'content-type': `${FORM}; charset=UTF-8` },
      });
      expect(response.statusCode).toBe(303);
    });

    it('a wrong key passes the gateway to WordPress, which refuses it (the key is WordPress’s to check)', async () => {
      const response = await postForm(PAY_URL.replace(KEY, 'wc_order_forged'), PAY);
      expect(response.statusCode).toBe(404);
    });

    it.each([
      ['no key', '/checkout/order-pay/52003/?pay_for_order=true', PAY, 400],
      ['the key in the body only', '/checkout/order-pay/52003/', `${PAY}&key=${KEY}`, 400],
      ['a key that is no order key', '/checkout/order-pay/52003/?key=../../etc', PAY, 400],
      ['two keys', `${PAY_URL}&key=${KEY}`, PAY, 400],
      ['another query parameter (wc-ajax)', `${PAY_URL}&wc-ajax=checkout`, PAY, 400],
      ['another query parameter (wc-api)', `${PAY_URL}&wc-api=WC_Gateway_Paypal`, PAY, 400],
      ['rest_route in the body', PAY_URL, `${PAY}&rest_route=/wc/v3/orders/52001`, 400],
      ['rest_route spelled as PHP reads it', PAY_URL, `${PAY}&rest.route=/wc/v3/orders`, 400],
      ['rest_route as an array', PAY_URL, `${PAY}&rest_route[]=/wc/v3/orders`, 400],
      ['_method in the body', PAY_URL, `${PAY}&_method=DELETE`, 400],
      ['wc-api in the body', PAY_URL, `${PAY}&wc-api=WC_Gateway_Paypal`, 400],
      ['no trailing slash', '/checkout/order-pay/52003?key=' + KEY, PAY, 415],
      ['a leading zero', `/checkout/order-pay/052003/?key=${KEY}`, PAY, 415],
      ['an upper-case segment', `/checkout/ORDER-PAY/52003/?key=${KEY}`, PAY, 415],
      ['a longer path', `/checkout/order-pay/52003/x/?key=${KEY}`, PAY, 415],
      ['the checkout page', `/checkout/?key=${KEY}`, PAY, 415],
      ['WooCommerce’s AJAX checkout', '/checkout/?wc-ajax=checkout', PAY, 415],
      ['the order-received page', `/checkout/order-received/52003/?key=${KEY}`, PAY, 415],
      ['an upper-case prefix', `/CHECKOUT/order-pay/52003/?key=${KEY}`, PAY, 400],
      ['an encoded slash', `/checkout/order-pay%2F52003/?key=${KEY}`, PAY, 400],
      ['an encoded digit', `/checkout/order-pay/%352003/?key=${KEY}`, PAY, 400],
      ['a doubled slash', `/checkout//order-pay/52003/?key=${KEY}`, PAY, 400],
    ])('is refused with %s, and nothing reaches WordPress', async (_what, url, body, status) => {
      let answer = 0;
      const calls = await upstreamCalls(async () => {
        answer = (await postForm(url, body)).statusCode;
      });
      expect(answer).toBe(status);
      expect(calls).toEqual([]);
    });

    it.each([
      ['JSON', 'application/json', JSON.stringify({ woocommerce_pay: 1 }), 415],
      ['plain text (a form with enctype text/plain)', 'text/plain', PAY, 415],
      ['multipart', 'multipart/form-data; boundary=x', '--x--', 415],
      ['no type', '', PAY, 415],
    ])('is refused as %s, and nothing reaches WordPress', async (_what, type, body, status) => {
      let answer = 0;
      const calls = await upstreamCalls(async () => {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const response = await gateway.inject({
          method: 'POST',
          url: PAY_URL,
          payload: body,
          remoteAddress: newClient(),
          headers,
        });
        answer = response.statusCode;
      });
      expect(answer).toBe(status);
      expect(calls).toEqual([]);
    });

    it('a form larger than a payment form needs is refused (413), and nothing reaches WordPress', async () => {
      const calls = await upstreamCalls(async () => {
        const big = `${PAY}&note=${'x'.repeat(MAX_ORDER_PAY_FORM_BYTES)}`;
        const response = await postForm(PAY_URL, big);
        expect(response.statusCode).toBe(413);
        expect(response.json()).toMatchObject({ code: 'payload_too_large' });
      });
      expect(calls).toEqual([]);
    });

    it('a path spelled with dot segments, as a client can send it, is refused before anything reads it', async () => {
      const address = await gateway.listen({ host: '127.0.0.1', port: 0 });
      const { port } = new URL(address);
      const calls = await upstreamCalls(async () => {
        for (const spelled of [
          `/checkout/./order-pay/52003/?key=${KEY}`,
          `/checkout/x/../order-pay/52003/?key=${KEY}`,
          `/checkout/order-pay/52003/%2e/?key=${KEY}`,
          `/checkout/order-pay/52003/.?key=${KEY}`,
        ]) {
          expect(await rawPost(Number(port), spelled, PAY)).toBe(400);
        }
      });
      expect(calls).toEqual([]);
    });

    it('a form posted from another site is refused (403), and nothing reaches WordPress', async () => {
      const calls = await upstreamCalls(async () => {
        for (const origin of ['https://evil.example', 'null', 'http://shop.example.test']) {
          expect((await postForm(PAY_URL, PAY, { origin })).statusCode).toBe(403);
        }
      });
      expect(calls).toEqual([]);
    });

    it('no other post, and no other method, reaches the checkout pages; a method override is refused', async () => {
      const calls = await upstreamCalls(async () => {
        for (const method of ['PUT', 'PATCH'] as const) {
          expect((await postForm(PAY_URL, PAY, {}, method)).statusCode).toBe(415);
          const json = await gateway.inject({ method, url: PAY_URL, payload: { a: 1 } });
          expect(json.statusCode).toBe(404);
        }
        // A DELETE carries no body at all (plugins/framing.ts), whatever its type.
        expect((await postForm(PAY_URL, PAY, {}, 'DELETE')).statusCode).toBe(400);
        const deleted = await gateway.inject({ method: 'DELETE', url: PAY_URL, payload: { a: 1 } });
        expect(deleted.statusCode).toBe(400);
        for (const url of ['/checkout/', '/checkout/?wc-ajax=checkout', PAY_URL]) {
          const json = await gateway.inject({ method: 'POST', url, payload: { a: 1 } });
          expect(json.statusCode).toBe(url === PAY_URL ? 415 : 405);
        }
        const override = await postForm(PAY_URL, PAY, { 'x-http-method-override': 'DELETE' });
        expect(override.statusCode).toBe(400);
        const options = await gateway.inject({ method: 'OPTIONS', url: PAY_URL });
        expect(options.statusCode).toBe(404);
      });
      expect(calls).toEqual([]);
    });

    it('a form is read nowhere else: posted to the content API or the shop API it is a 415, as before', async () => {
      const calls = await upstreamCalls(async () => {
        for (const url of ['/wp-json/custom/v1/newsletter', '/api/shop/orders']) {
          const response = await postForm(url, 'email=a%40b.c');
          expect(response.statusCode).toBe(415);
          expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
        }
      });
      expect(calls).toEqual([]);
    });

    it('the payment page is still read through the gateway', async () => {
      const calls = await upstreamCalls(async () => {
        const response = await gateway.inject({ url: PAY_URL });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('WordPress page');
      });
      expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        `GET ${UPSTREAM_PAY_URL}`,
      ]);
    });

    it('is limited per client: card after card is slowed down (429)', async () => {
      const limited = await build();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: PAY_URL,
          payload: PAY,
          headers: { 'content-type': FORM },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 303)).toBe(true);
      expect(statuses[10]).toBe(429);
      await limited.close();
    });
  });

  describe('the order-received page', () => {
    it('is the storefront’s page, with the storefront’s CSP, never stored, and never asked of WordPress', async () => {
      const calls = await upstreamCalls(async () => {
        // WooCommerce's return link is asked for again without its key (commerce/orderCookie.ts).
        const link = await gateway.inject({
          url: `/checkout/order-received/52003/?key=${KEY}`,
          headers: { accept: 'text/html' },
        });
        expect([link.statusCode, link.headers.location]).toEqual([
          303,
          '/checkout/order-received/52003/',
        ]);
        expect(link.headers['cache-control']).toBe('no-store');
        for (const url of ['/checkout/order-received/52003/', '/checkout/order-received/52003']) {
          const response = await gateway.inject({ url, headers: { accept: 'text/html' } });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toContain('text/html');
          expect(response.body).toContain('id="remotes-config"');
          expect(String(response.headers['content-security-policy'])).toContain(
            "script-src 'self'",
          );
          expect(response.headers['cache-control']).toBe('no-store');
        }
        const head = await gateway.inject({ method: 'HEAD', url: '/checkout/order-received/1/' });
        expect(head.statusCode).toBe(200);
      });
      // Every page's header reads the site's logo from the home page's fields; nothing else.
      expect(calls.filter((call) => call.url !== HOME_PAGE)).toEqual([]);
    });

    it.each([
      '/checkout/order-received',
      '/checkout/order-received/',
      '/checkout/order-received/abc/',
      '/checkout/order-received/012/',
      '/checkout/order-received/0/',
      '/checkout/order-received/1/x',
      '/checkout/order-received/1//',
      '/checkout/ORDER-RECEIVED/1/',
      '/checkout/Order-Received/1/?key=wc_order_x',
      '/checkout/order-received%2F1/',
    ])('%s is not found, and not asked of WordPress', async (url) => {
      const calls = await upstreamCalls(async () => {
        const response = await gateway.inject({ url, headers: { accept: 'text/html' } });
        expect([400, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain('WordPress page');
      });
      expect(calls).toEqual([]);
    });
  });
});
