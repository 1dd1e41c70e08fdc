import { expect, test } from '../support/fixtures';

/**
 * What an operator scrapes: the gateway's metrics on their own port (playwright.config.ts's
 * METRICS_PORT), after a run of pages, with every family; never on the storefront's port.
 */

const METRICS_URL = `http://127.0.0.1:${String(process.env.E2E_METRICS_PORT)}/metrics`;

/** The families an operator's dashboards read. */
const FAMILIES = [
  'gateway_http_requests_total',
  'gateway_http_request_duration_seconds',
  'gateway_upstream_errors_total',
  'gateway_read_cache_lookups_total',
  'gateway_server_render_fallbacks_total',
  'gateway_rate_limit_refusals_total',
  'gateway_release_health_signals_total',
];

test('after a run of pages the metrics port shows each family, counted by route; the storefront’s port answers 404 for /metrics', async ({
  page,
  request,
}) => {
  for (const address of ['/', '/courses', '/courses/plab-1-online-course', '/cart']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // A flood of password resets from this test's address: the sixth in a minute is refused.
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const answer = await request.post('/wp-json/custom/v1/forgot-password', {
      data: { email: 'nobody@example.test' },
    });
    statuses.push(answer.status());
  }
  expect(statuses.at(-1)).toBe(429);

  // The pages left sent their beacons as they went (release health): each a view of the header.
  await expect
    .poll(async () => (await request.get(METRICS_URL)).text())
    .toMatch(
      /gateway_release_health_signals_total\{remote="header",version="[^"]+",bucket="[^"]+",signal="views"\} [1-9]/,
    );
  const scraped = await request.get(METRICS_URL);
  expect(scraped.status()).toBe(200);
  const text = await scraped.text();
  for (const family of FAMILIES) expect(text).toContain(`# TYPE ${family} `);
  // The pages by their routes' patterns, never by the address asked.
  expect(text).toMatch(/gateway_http_requests_total\{route="\/",method="GET",status="200"\} \d+/);
  expect(text).toMatch(
    /gateway_http_request_duration_seconds_count\{route="\/courses\/:slug"\} \d+/,
  );
  expect(text).not.toContain('plab-1-online-course');
  expect(text).toMatch(
    /gateway_read_cache_lookups_total\{read="[\w-]+",result="(?:hit|miss)"\} \d+/,
  );
  expect(text).toMatch(/gateway_rate_limit_refusals_total\{limit="forgot-password"\} [1-9]/);

  for (const accept of ['*/*', 'text/html', 'text/plain']) {
    const publicAnswer = await request.get('/metrics', { headers: { accept } });
    expect(publicAnswer.status()).toBe(404);
    expect(await publicAnswer.text()).not.toContain('gateway_http_requests_total');
  }
});
