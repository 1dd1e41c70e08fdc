import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { startAttackRig, type AttackRig, type UpstreamRecord } from '../support/attackRig';
import { respelled } from '../support/respelled';

/**
 * The commerce boundary, attacked as the review did: against the production gateway, with a
 * recording server between it and a sample backend as permissive as WooCommerce with an admin
 * key. No browser: these are the requests an attacker sends with curl.
 */

/** The WooCommerce calls the gateway may make with the keys, and the body fields each may carry. */
const LISTED: readonly { method: string; path: RegExp; fields: readonly string[] }[] = [
  { method: 'GET', path: /^\/wp-json\/wc\/v3\/products\/\d+$/, fields: [] },
  // The shop's product ids, which bound a list's prices read (commerce/routes.ts).
  {
    method: 'GET',
    path: /^\/wp-json\/wc\/v3\/products\?per_page=100&page=\d+&_fields=id$/,
    fields: [],
  },
  {
    method: 'GET',
    path: /^\/wp-json\/wc\/v3\/products\/\d+\/variations\?per_page=100$/,
    fields: [],
  },
  { method: 'POST', path: /^\/wp-json\/wc\/v3\/apply-coupon$/, fields: ['code', 'total'] },
  // The account a login or a password reset names (identity/accounts.ts).
  {
    method: 'GET',
    path: /^\/wp-json\/wc\/v3\/customers\?(email|search)=[^&]*&role=all&per_page=100$/,
    fields: [],
  },
  {
    method: 'POST',
    path: /^\/wp-json\/wc\/v3\/orders$/,
    fields: ['status', 'set_paid', 'customer_id', 'billing', 'line_items', 'coupon_lines'],
  },
  {
    method: 'PUT',
    path: /^\/wp-json\/wc\/v3\/orders\/\d+$/,
    fields: ['fee_lines', 'meta_data', 'status'],
  },
  { method: 'GET', path: /^\/wp-json\/wc\/v3\/orders\/\d+$/, fields: [] },
  { method: 'GET', path: /^\/wp-json\/wc-points-rewards\/v1\/users\/\d+$/, fields: [] },
];

function isListed(record: UpstreamRecord): boolean {
  const listed = LISTED.find(
    (entry) => entry.method === record.method && entry.path.test(record.url),
  );
  if (!listed) return false;
  if (record.body === '') return true;
  const body = JSON.parse(record.body) as Record<string, unknown>;
  const fieldsOk = Object.keys(body).every((field) => listed.fields.includes(field));
  // An order is always pending and unpaid; an update only cancels it or redeems points.
  if (record.method === 'POST' && listed.fields.includes('set_paid')) {
    return fieldsOk && body.status === 'pending' && body.set_paid === false;
  }
  if (record.method === 'PUT' && body.status !== undefined)
    return fieldsOk && body.status === 'cancelled';
  return fieldsOk;
}

const DEMO = { username: 'learner@example.com', password: 'Learner#2026' };
const CART = {
  email: 'learner@example.com',
  lines: [{ product_id: 3108, variation_id: 310801, quantity: 1 }],
};

test.describe.configure({ mode: 'serial' });

let rig: AttackRig;
let token = '';

test.beforeAll(async () => {
  rig = await startAttackRig();
  const login = await rig.send({
    method: 'POST',
    path: '/wp-json/jwt-auth/v1/token',
    body: JSON.stringify(DEMO),
  });
  token = (JSON.parse(login.body) as { token: string }).token;
});

test.afterAll(async () => {
  await rig.stop();
});

/** After each attack: nothing unlisted carried the keys upstream, and no answer carried a key. */
test.afterEach(() => {
  const unlisted = rig.records.filter((record) => rig.carriesKeys(record) && !isListed(record));
  expect(unlisted.map((record) => `${record.method} ${record.url} ${record.body}`)).toEqual([]);
  const leaking = rig.answers.filter((answer) =>
    [answer.body, JSON.stringify(answer.headers)].some(
      (text) => text.includes(rig.key) || text.includes(rig.secret),
    ),
  );
  expect(leaking.length).toBe(0);
  const stackTraces = rig.answers.filter((answer) => /\n\s+at .+:\d+:\d+/.test(answer.body));
  expect(stackTraces.length).toBe(0);
  const serverErrors = rig.answers.filter((answer) => answer.status >= 500);
  expect(serverErrors.map((answer) => answer.body)).toEqual([]);
});

const TARGETS = [
  { method: 'GET', path: '/wp-json/wc/v3/orders/52001' },
  { method: 'GET', path: '/wp-json/wc/v3/customers' },
  { method: 'GET', path: '/wp-json/wc/v3/coupons' },
  { method: 'POST', path: '/wp-json/wc/v3/coupons', body: '{"code":"FREE","amount":"100"}' },
  { method: 'PUT', path: '/wp-json/wc/v3/products/3101', body: '{"regular_price":"0.01"}' },
  { method: 'DELETE', path: '/wp-json/wc/v3/products/3101' },
  { method: 'GET', path: '/wp-json/wc/v3/products/3101/variations?per_page=1' },
];

/** Ways to spell a WooCommerce path that a server or WordPress may read as the same route. */
const spelling = fc.oneof(
  fc.constant((p: string) => p),
  fc.constant((p: string) => p.replace('/wc/', '/./wc/')),
  fc.constant((p: string) => p.replace('/wp-json/', '/wp-json//')),
  fc.constant((p: string) => p.replace('/wc/', '/%2e/wc/')),
  fc.constant((p: string) => p.replace('/wc/v3', '/wc%2Fv3')),
  fc.constant((p: string) => p.replace('/wc/', '/w%63/')),
  fc.constant((p: string) => p.replace('/wp-json/wc/', '/WP-JSON/wc/')),
  fc.constant((p: string) => p.replace('/wp-json/wc/v3', '/wp-json/WC/V3')),
  fc.constant((p: string) => `/api/shop/..${p}`),
  fc.constant((p: string) => `/api/shop/%2e%2e${p}`),
  fc.constant((p: string) => p.replace('/wc/', '/wc\\')),
  // Characters outside ASCII that some case folding or normalisation reads as ASCII: a long s
  // (its capital is S), a fullwidth c, a superscript 3.
  fc.constant((p: string) => p.replace(/s(\/|$)/, '%C5%BF$1')),
  fc.constant((p: string) => p.replace('/wc/', '/w%EF%BD%83/')),
  fc.constant((p: string) => p.replace('/v3/', '/v%C2%B3/')),
  fc
    .constantFrom(
      '/',
      '/checkout/',
      '/wp-content/uploads/',
      '/lms/api/v1/item/x',
      '/api/shop/coupons',
    )
    .map(
      (base) => (p: string) =>
        `${base}?rest_route=${encodeURIComponent(p.replace('/wp-json', ''))}`,
    ),
  fc.constant((p: string) => `/?rest.route=${p.replace('/wp-json', '')}`),
  // Names PHP reads as rest_route (an unclosed `[`, a name cut at NUL), where PHP answers.
  fc.constant((p: string) => `/checkout/?rest[route=${p.replace('/wp-json', '')}`),
  fc.constant(
    (p: string) => `/wp-content/uploads/x.png?rest_route%00=${p.replace('/wp-json', '')}`,
  ),
);
const override = fc.constantFrom<Record<string, string>>(
  {},
  { 'x-http-method-override': 'DELETE' },
  { 'x-http-method': 'PUT' },
);

test('no spelling of a WooCommerce path reaches it with the keys', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...TARGETS),
      spelling,
      override,
      fc.boolean(),
      async (target, spell, headers, viaMethodParam) => {
        const before = rig.records.length;
        const spelled = spell(target.path);
        const withMethod = viaMethodParam
          ? `${spelled}${spelled.includes('?') ? '&' : '?'}_method=${target.method}`
          : spelled;
        const answer = await rig.send({
          method: viaMethodParam ? 'POST' : target.method,
          path: withMethod,
          headers,
          ...(target.body ? { body: target.body } : {}),
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body).not.toContain('billing');
        expect(rig.records.slice(before).filter(rig.carriesKeys)).toEqual([]);
      },
    ),
    { numRuns: 150 },
  );
});

test('a forged order (paid, another customer, own prices, a fee) is refused before WooCommerce', async () => {
  for (const forged of [
    { status: 'completed' },
    { set_paid: true },
    { customer_id: 1 },
    { lines: [{ product_id: 3108, variation_id: 310801, quantity: 1, total: '0.00' }] },
    { fee_lines: [{ name: 'x', total: '-19.99' }] },
    { billing: { email: 'x@example.com' } },
  ]) {
    const before = rig.records.length;
    const answer = await rig.send({
      method: 'POST',
      path: '/api/shop/orders',
      body: JSON.stringify({ ...CART, expected_total: '19.99', ...forged }),
    });
    expect(answer.status).toBe(400);
    expect(rig.records.slice(before)).toEqual([]);
  }
});

test('a reward above the balance is refused; a visitor has none', async () => {
  const auth = { authorization: `Bearer ${token}` };
  const huge = await rig.send({
    method: 'POST',
    path: '/api/shop/orders',
    headers: auth,
    body: JSON.stringify({ ...CART, reward: 5000, expected_total: '0.00' }),
  });
  expect(huge.status).toBe(400);
  expect(JSON.parse(huge.body)).toMatchObject({ code: 'reward_exceeds_balance' });
  const visitor = await rig.send({
    method: 'POST',
    path: '/api/shop/orders',
    body: JSON.stringify({ ...CART, reward: 5, expected_total: '14.99' }),
  });
  expect(visitor.status).toBe(401);
});

test('an order names the public address, never the Host the request forged', async () => {
  const answer = await rig.send({
    method: 'POST',
    path: '/api/shop/orders',
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    body: JSON.stringify({ ...CART, expected_total: '19.99' }),
  });
  expect(answer.status).toBe(201);
  const order = JSON.parse(answer.body) as { payment_url: string };
  expect(order.payment_url.startsWith('https://shop.example.test/checkout/order-pay/')).toBe(true);
  expect(answer.headers['cache-control']).toBe('no-store');
});

test('order lookups answer nobody but the order’s owner', async () => {
  const before = rig.records.length;
  for (const request of [
    { path: '/wp-json/custom/v2/check-order-lookup/52001' },
    { path: '/wp-json/wp/v2/check-subscription-success/52001' },
    { path: '/api/shop/orders/52001' },
    {
      method: 'POST',
      path: '/wp-json/custom/v2/trackOrder',
      body: '{"orderId":52001,"total":"0"}',
    },
  ]) {
    const answer = await rig.send(request);
    expect(answer.status).toBe(404);
  }
  expect(rig.records.slice(before).filter((record) => !record.url.includes('users/me'))).toEqual(
    [],
  );
});

test('a route spelled outside ASCII, or one no page calls, never reaches WordPress', async () => {
  const before = rig.records.length;
  // The login in the spelling the sample's router once folded to `token`: no way round its limit.
  for (let attempt = 0; attempt < 25; attempt += 1) {
    const login = await rig.send({
      method: 'POST',
      path: '/wp-json/jwt-auth/v1/to%E2%84%AAen',
      body: JSON.stringify({ username: DEMO.username, password: `guess-${String(attempt)}` }),
    });
    expect(login.status).toBe(400);
  }
  const lookup = await rig.send({ path: '/wp-json/custom/v2/chec%E2%84%AA-order-lookup/52001' });
  expect(lookup.status).toBe(400);
  for (const request of [
    { path: '/wp-json/wp/v2/unused/3' },
    {
      method: 'POST',
      path: '/wp-json/custom/v1/send-reset-link',
      body: JSON.stringify({
        recipient_name: 'Accounts',
        recipient_email: 'someone@example.org',
        message: 'Your invoice is overdue: pay at https://evil.example',
        buyer: 'Arora',
      }),
    },
    { method: 'POST', path: '/wp-json/wp/v2/update_live_courses', body: '{"user_id":3}' },
    { method: 'POST', path: '/wp-json/wsp-route/v1/create-subscription', body: '{"tier":"gold"}' },
  ]) {
    const answer = await rig.send(request);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'rest_no_route' });
  }
  expect(rig.records.slice(before)).toEqual([]);
});

test('rest_route, _method and _jsonp in any spelling PHP reads never reach WordPress, on any page PHP answers', async () => {
  const before = rig.records.length;
  const lookup = encodeURIComponent('/custom/v2/check-order-lookup/52001');
  for (const page of [
    '/checkout/',
    '/checkout/order-pay/52001/',
    '/wp-content/uploads/2024/02/x.png',
    '/wp-json/wp/v2/footer',
    '/',
  ]) {
    for (const name of [
      'rest[route',
      'rest_route%00',
      'rest_route%00x',
      'rest.route',
      '%20rest_route',
      'rest_route[]',
      'REST_ROUTE',
    ]) {
      const answer = await rig.send({ path: `${page}?${name}=${lookup}` });
      expect({ page, name, status: answer.status }).toEqual({ page, name, status: 400 });
      expect(answer.body).not.toContain('billing');
    }
    for (const query of ['_method%00=DELETE', '_jsonp%00=steal', '_envelope=1']) {
      expect((await rig.send({ path: `${page}?${query}` })).status).toBe(400);
    }
  }
  expect(rig.records.slice(before)).toEqual([]);
});

test('a forged X-Forwarded-For gives no fresh allowance of logins', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 22; i += 1) {
    const answer = await rig.send({
      method: 'POST',
      path: '/wp-json/jwt-auth/v1/token',
      headers: { 'x-forwarded-for': `198.51.100.${String(i)}` },
      body: JSON.stringify({ username: 'learner@example.com', password: 'wrong' }),
    });
    statuses.push(answer.status);
  }
  expect(statuses.at(-1)).toBe(429);
});

test('junk bearer tokens cost WordPress nothing', async () => {
  const before = rig.records.length;
  for (let i = 0; i < 40; i += 1) {
    const answer = await rig.send({
      method: 'POST',
      path: '/lms/api/v1/item/get-cart-data',
      headers: { authorization: `Bearer junk-${String(i)}` },
      body: '{"userId":3}',
    });
    expect(answer.status).toBe(401);
  }
  expect(rig.records.slice(before)).toEqual([]);
});

test('a token signed with the once-published sample secret is refused', async () => {
  const forged = jwt.sign(
    { exp: Math.floor(Date.now() / 1000) + 3600, data: { user: { id: '1' } } },
    'sample-backend-jwt-secret-not-for-production',
  );
  const answer = await rig.send({
    path: '/api/shop/rewards',
    headers: { authorization: `Bearer ${forged}` },
  });
  expect(answer.status).toBe(401);
});

test('no foreign origin gets CORS; too-deep JSON is a 400', async () => {
  const answer = await rig.send({
    path: '/wp-json/wp/v2/menu_home',
    headers: { origin: 'https://evil.example' },
  });
  expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  const deep = await rig.send({
    method: 'POST',
    path: '/api/shop/coupons',
    body: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  });
  expect(deep.status).toBe(400);
});

/** Where the learner's token opens something: the points balance, and the saved cart. */
async function statusesWith(token: string): Promise<number[]> {
  const headers = { authorization: `Bearer ${token}` };
  const rewards = await rig.send({ path: '/api/shop/rewards', headers });
  const cart = await rig.send({
    method: 'POST',
    path: '/lms/api/v1/item/get-cart-data',
    headers,
    body: '{"userId":3}',
  });
  return [rewards.status, cart.status];
}

test('after logout the token is refused in every spelling WordPress reads as it, and no log holds it', async () => {
  const auth = { authorization: `Bearer ${token}` };
  expect(await statusesWith(token)).toEqual([200, 200]);
  await rig.send({ path: `/course/${token}` });
  // Another spelling is the gateway's 401 even before logout: WordPress never reads it.
  const before = rig.records.length;
  for (const spelling of respelled(token)) expect(await statusesWith(spelling)).toEqual([401, 401]);
  expect(rig.records.slice(before)).toEqual([]);

  expect(
    (await rig.send({ method: 'POST', path: '/api/session/logout', headers: auth })).status,
  ).toBe(204);
  const after = await rig.send({ path: '/api/shop/rewards', headers: auth });
  expect(after.status).toBe(401);
  expect(JSON.parse(after.body)).toMatchObject({ code: 'token_revoked' });
  const loggedOut = rig.records.length;
  for (const spelling of [token, ...respelled(token)]) {
    expect(await statusesWith(spelling)).toEqual([401, 401]);
  }
  expect(rig.records.slice(loggedOut)).toEqual([]);
  expect(rig.logs.join('')).not.toContain(token);
});
