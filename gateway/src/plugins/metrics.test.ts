import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { buildGateway } from '../app';
import { makeAppsRoot, shellPage, testGatewayOptions, writeIn } from '../test-support/contract';
import { serveMetrics } from './metrics';

/** The families an operator scrapes, each present on the metrics port. */
const FAMILIES = [
  'gateway_http_requests_total',
  'gateway_http_request_duration_seconds',
  'gateway_upstream_errors_total',
  'gateway_read_cache_lookups_total',
  'gateway_server_render_fallbacks_total',
  'gateway_rate_limit_refusals_total',
];

/** An upstream time limit the slow route runs past. */
const UPSTREAM_TIMEOUT_MS = 200;

/**
 * A WordPress (and LMS) whose partners' read answers too late and the rest at once, with a page of
 * every slug.
 */
async function startWordPress() {
  const upstream = Fastify();
  upstream.get('/wp-json/wp/v2/our_partner', async () => {
    await new Promise((resolve) => setTimeout(resolve, UPSTREAM_TIMEOUT_MS * 3));
    return [];
  });
  // WordPress holds a page named "metrics".
  upstream.get('/wp-json/wp/v2/pages', () => [
    { id: 9, slug: 'metrics', title: { rendered: 'Metrics' }, excerpt: { rendered: '' } },
  ]);
  upstream.all('/*', () => [{ id: 1 }]);
  const url = await upstream.listen({ host: '127.0.0.1', port: 0 });
  return { upstream, url };
}

/** An address where nothing listens: a calls there fails at once. */
async function closedAddress(): Promise<string> {
  const server = Fastify();
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  await server.close();
  return url;
}

/** An apps root whose pages can hold a server render, with no renderer built for them. */
function appsRootWithoutRenderers(): string {
  const root = makeAppsRoot();
  writeIn(
    root,
    'shell/dist/index.html',
    shellPage('<main class="shell-main" id="main"><!--page:server-render--></main>'),
  );
  return root;
}

/** The exposition's series (name and labels), without their values. */
function seriesOf(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.slice(0, line.lastIndexOf(' '))),
  );
}

/** A value of the exposition: the one series `series` (name and labels as written). */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('operators’ metrics', () => {
  let wordpress: Awaited<ReturnType<typeof startWordPress>>;
  let gateway: FastifyInstance;
  let metricsPort: number;
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${String(metricsPort)}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  const page = (url: string) => gateway.inject({ url, headers: { accept: 'text/html' } });

  beforeAll(async () => {
    wordpress = await startWordPress();
    gateway = await buildGateway({
      ...testGatewayOptions(appsRootWithoutRenderers(), wordpress.url),
      upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    });
    // As a production start does: the storefront's port first, then the metrics'.
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    metricsPort = await serveMetrics(gateway, { host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await gateway.close();
    wordpress.upstream.server.closeAllConnections();
    await wordpress.upstream.close();
  });

  it('the metrics are served on the metrics port only: the storefront’s port answers 404 for /metrics', async () => {
    for (const url of ['/metrics', '/metrics/', '/Metrics', '/metrics?format=text']) {
      // Whatever it accepts, and whatever WordPress would answer for a page of that name.
      const publicAnswer = await gateway.inject({ url, headers: { accept: '*/*' } });
      expect(publicAnswer.statusCode).toBe(404);
      expect(publicAnswer.body).not.toContain('gateway_http_requests_total');
    }
    const text = await scrape();
    for (const family of FAMILIES) expect(text).toContain(`# TYPE ${family} `);
    // Nothing of the storefront answers on the metrics port.
    for (const path of ['/', '/healthz', '/remotes.json', '/wp-json/wp/v2/courseList']) {
      const answer = await fetch(`http://127.0.0.1:${String(metricsPort)}${path}`);
      expect(answer.status).toBe(404);
    }
    const post = await fetch(`http://127.0.0.1:${String(metricsPort)}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('requests are counted by route table rule, page route and gateway route, with their status and latency', async () => {
    expect((await gateway.inject({ url: '/wp-json/wp/v2/courseList' })).statusCode).toBe(200);
    expect((await page('/courses')).statusCode).toBe(200);
    // A post WordPress does not know: its page's 404, counted under the route's pattern.
    expect((await page('/blogs/no-such-post')).statusCode).toBe(404);
    expect((await gateway.inject({ url: '/wp-json/wp/v2/users' })).statusCode).toBe(404);
    expect((await gateway.inject({ url: '/healthz' })).statusCode).toBe(200);
    const text = await scrape();
    expect(
      valueOf(text, 'gateway_http_requests_total{route="courses",method="GET",status="200"}'),
    ).toBe(1);
    expect(
      valueOf(text, 'gateway_http_requests_total{route="/courses",method="GET",status="200"}'),
    ).toBe(1);
    expect(
      valueOf(text, 'gateway_http_requests_total{route="/blogs/:slug",method="GET",status="404"}'),
    ).toBe(1);
    expect(
      valueOf(text, 'gateway_http_requests_total{route="no-route",method="GET",status="404"}'),
    ).toBe(1);
    expect(
      valueOf(text, 'gateway_http_requests_total{route="/healthz",method="GET",status="200"}'),
    ).toBe(1);
    expect(valueOf(text, 'gateway_http_request_duration_seconds_count{route="/blogs/:slug"}')).toBe(
      1,
    );
    expect(
      valueOf(text, 'gateway_http_request_duration_seconds_bucket{le="+Inf",route="courses"}'),
    ).toBe(1);
  });

  it('hostile URLs add no series: a flood of made-up paths, queries and methods is counted under the routes they fall to', async () => {
    const sent: string[] = [];
    const hostile = (): InjectOptions[] => {
      const junk = randomBytes(8).toString('hex');
      sent.push(junk);
      return [
        { url: `/${junk}` },
        { url: `/${junk}.js` },
        { url: `/courses/${junk}`, headers: { accept: 'text/html' } },
        { url: `/${junk}/${junk}`, headers: { accept: 'text/html' } },
        { url: `/wp-json/${junk}` },
        { url: `/wp-json/wp/v2/courseList?${junk}=1` },
        { url: `/api/shop/${junk}` },
        { url: `/api/shop/products/${junk}` },
        { url: `/remotes/${junk}/remoteEntry.js` },
        { url: `/%2e%2e/${junk}` },
        { url: `/lms/api/v1/item/${junk}`, method: 'POST', payload: {} },
        { url: `/${junk}`, method: 'DELETE' },
        { url: `/${junk}`, method: 'OPTIONS' },
      ];
    };
    for (const request of hostile()) await gateway.inject(request);
    const before = await scrape();
    for (let round = 0; round < 20; round++) {
      for (const request of hostile()) await gateway.inject(request);
    }
    const after = await scrape();
    // Node's own metrics (prom-client's defaults) gain series as the runtime acts: a kind of
    // garbage collection seen for the first time, whatever the requests were.
    const runtime = /^gateway_(nodejs|process)_/;
    const added = [...seriesOf(after)].filter(
      (series) => !runtime.test(series) && !seriesOf(before).has(series),
    );
    expect(added).toEqual([]);
    // No label value holds what a request sent.
    expect(sent.filter((junk) => after.includes(junk))).toEqual([]);
  });

  it('reads from the read cache are counted as misses, then hits', async () => {
    await gateway.inject({ url: '/wp-json/wp/v2/footer' });
    await gateway.inject({ url: '/wp-json/wp/v2/footer' });
    await gateway.inject({ url: '/wp-json/wp/v2/footer?made=up' });
    const text = await scrape();
    expect(valueOf(text, 'gateway_read_cache_lookups_total{read="footer",result="miss"}')).toBe(1);
    expect(valueOf(text, 'gateway_read_cache_lookups_total{read="footer",result="hit"}')).toBe(2);
  });

  it('an upstream that answers too late is counted as a timeout of its upstream', async () => {
    expect((await gateway.inject({ url: '/wp-json/wp/v2/our_partner' })).statusCode).toBe(504);
    const text = await scrape();
    expect(
      valueOf(text, 'gateway_upstream_errors_total{upstream="wordpress",failure="timeout"}'),
    ).toBe(1);
  });

  it('a page whose first screen has no renderer ready is counted as a server-render fallback of its route', async () => {
    expect((await page('/')).statusCode).toBe(200);
    const text = await scrape();
    expect(
      valueOf(text, 'gateway_server_render_fallbacks_total{route="/",reason="unavailable"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('a request refused for its rate limit is counted under that limit', async () => {
    const forgot = () =>
      gateway.inject({
        method: 'POST',
        url: '/wp-json/custom/v1/forgot-password',
        remoteAddress: '203.0.113.9',
        payload: { email: 'someone@example.test' },
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await forgot()).statusCode);
    expect(statuses.at(-1)).toBe(429);
    const text = await scrape();
    expect(valueOf(text, 'gateway_rate_limit_refusals_total{limit="forgot-password"}')).toBe(1);
    expect(
      valueOf(
        text,
        'gateway_http_requests_total{route="forgot-password",method="POST",status="429"}',
      ),
    ).toBe(1);
  });

  it('release health registers its counts per remote, version and bucket on the registry the metrics port serves', async () => {
    const views = gateway.metrics.releaseHealthCounter('page_views', 'Page views by release.');
    views.inc({ remote: 'header', version: '1.4.0-3f2a9c1b', bucket: '7' });
    const text = await scrape();
    expect(
      valueOf(
        text,
        'gateway_release_health_page_views_total{remote="header",version="1.4.0-3f2a9c1b",bucket="7"}',
      ),
    ).toBe(1);
  });
});

describe('upstream errors', () => {
  it('an upstream that cannot be reached is counted as an error of its upstream: WordPress through the proxy, WooCommerce through the shop', async () => {
    const gateway = await buildGateway(
      testGatewayOptions(appsRootWithoutRenderers(), await closedAddress()),
    );
    try {
      const port = await serveMetrics(gateway, { host: '127.0.0.1', port: 0 });
      expect((await gateway.inject({ url: '/wp-json/wp/v2/events' })).statusCode).toBe(502);
      expect((await gateway.inject({ url: '/api/shop/products/12' })).statusCode).toBe(502);
      const text = await (await fetch(`http://127.0.0.1:${String(port)}/metrics`)).text();
      expect(
        valueOf(text, 'gateway_upstream_errors_total{upstream="wordpress",failure="error"}'),
      ).toBe(1);
      expect(
        valueOf(text, 'gateway_upstream_errors_total{upstream="woocommerce",failure="error"}'),
      ).toBe(1);
    } finally {
      await gateway.close();
    }
  });
});
