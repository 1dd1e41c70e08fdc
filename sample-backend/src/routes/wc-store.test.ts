import type { FastifyInstance } from 'fastify';
import { json, TEST_WC_KEYS, testBackend, WC_AUTH, WC_BASIC } from '../test-support/backend';

let app: FastifyInstance;
let cleanup: () => Promise<void>;

// Products and coupons change in these tests: each one gets a fresh backend.
beforeEach(async () => {
  ({ app, cleanup } = await testBackend());
});
afterEach(() => cleanup());

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: WC_BASIC, ...(payload ? { payload } : {}) });
}

async function orderTotal(line: Record<string, unknown>): Promise<string> {
  const response = await send('POST', '/wp-json/wc/v3/orders', {
    billing: { email: 'a@example.com' },
    line_items: [{ quantity: 1, ...line }],
  });
  return (json(response) as { total: string }).total;
}

describe('customers', () => {
  it('lists the user directory with names and billing email', async () => {
    const response = await send('GET', '/wp-json/wc/v3/customers');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-wp-total']).toBe('1');
    expect(json(response)).toEqual([
      expect.objectContaining({
        id: 3,
        email: 'learner@example.com',
        first_name: 'Test',
        last_name: 'Learner',
        username: 'learner',
        billing: expect.objectContaining({ email: 'learner@example.com' }) as object,
      }),
    ]);
    const one = await send('GET', '/wp-json/wc/v3/customers/3');
    expect(json(one)).toMatchObject({ id: 3, is_paying_customer: true });
    expect((await send('GET', '/wp-json/wc/v3/customers/99')).statusCode).toBe(404);
  });

  it('includes accounts registered since the start, and filters by email', async () => {
    await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v1/register',
      payload: { username: 'newdoc', email: 'newdoc@example.com', password: 'long-enough-1' },
    });
    const all = json(await send('GET', '/wp-json/wc/v3/customers')) as { email: string }[];
    expect(all.map((customer) => customer.email)).toEqual([
      'learner@example.com',
      'newdoc@example.com',
    ]);
    const found = await send('GET', '/wp-json/wc/v3/customers?email=NEWDOC@example.com');
    expect((json(found) as { username: string }[]).map((c) => c.username)).toEqual(['newdoc']);
  });

  it('searches logins, addresses and names as WooCommerce does: any part, any case', async () => {
    const usernames = async (search: string) =>
      (
        json(await send('GET', `/wp-json/wc/v3/customers?search=${search}&role=all`)) as {
          username: string;
        }[]
      ).map((c) => c.username);
    expect(await usernames('LEARN')).toEqual(['learner']);
    expect(await usernames('nobody-by-that-name')).toEqual([]);
  });
});

describe('coupons', () => {
  it('lists the shop coupons with ids and WooCommerce amounts', async () => {
    const coupons = json(await send('GET', '/wp-json/wc/v3/coupons?per_page=100')) as {
      id: number;
      code: string;
      amount: string;
      date_expires: string | null;
    }[];
    expect(coupons.map((c) => [c.code, c.amount])).toEqual([
      ['WELCOME10', '10.00'],
      ['PLAB20', '20.00'],
      ['EXPIRED2024', '15.00'],
      ['BIGSAVE', '5000.00'],
    ]);
    expect(coupons[2]?.date_expires).toBe('2024-12-31T00:00:00');
  });

  it('POST coupons creates a usable coupon; a taken code or no code is refused', async () => {
    const created = await send('POST', '/wp-json/wc/v3/coupons', {
      code: 'free100',
      discount_type: 'percent',
      amount: '100',
    });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({ code: 'free100', discount_type: 'percent' });
    const response = await send('POST', '/wp-json/wc/v3/orders', {
      billing: { email: 'a@example.com' },
      line_items: [{ product_id: 3301, quantity: 1 }],
      coupon_lines: [{ code: 'FREE100' }],
    });
    expect(json(response)).toMatchObject({ total: '0.00' });
    const taken = await send('POST', '/wp-json/wc/v3/coupons', { code: 'welcome10' });
    expect((json(taken) as { code: string }).code).toBe(
      'woocommerce_rest_coupon_code_already_exists',
    );
    const missing = await send('POST', '/wp-json/wc/v3/coupons', { amount: '5' });
    expect(missing.statusCode).toBe(400);
    expect((json(missing) as { code: string }).code).toBe('rest_missing_callback_param');
  });
});

describe('products', () => {
  it('GET products lists the catalogue, paginated, with the received query in Link', async () => {
    const response = await app.inject(`/wp-json/wc/v3/products?per_page=5&${WC_AUTH}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-wp-total']).toBe('15');
    expect(response.headers['x-wp-totalpages']).toBe('3');
    expect(json(response)).toHaveLength(5);
    expect(response.headers.link).toContain(
      `/wp-json/wc/v3/products?per_page=5&consumer_key=${TEST_WC_KEYS.wcConsumerKey}&consumer_secret=${TEST_WC_KEYS.wcConsumerSecret}&page=2>; rel="next"`,
    );
  });

  it('PUT products/{id} reprices a simple product for later orders', async () => {
    expect(await orderTotal({ product_id: 3301 })).toBe('295.00');
    const response = await send('PUT', '/wp-json/wc/v3/products/3301', { regular_price: '1.00' });
    expect(json(response)).toMatchObject({ id: 3301, price: '1.00', regular_price: '1.00' });
    expect(await orderTotal({ product_id: 3301 })).toBe('1.00');
  });

  it('PUT products/{id}/variations/{id} reprices a variation', async () => {
    const url = '/wp-json/wc/v3/products/3108/variations/310801';
    const response = await send('PUT', url, { regular_price: '0.50', sale_price: '' });
    expect(json(response)).toMatchObject({ id: 310801, price: '0.50' });
    expect(await orderTotal({ product_id: 3108, variation_id: 310801 })).toBe('0.50');
    expect((await send('PUT', url, { regular_price: 'cheap' })).statusCode).toBe(400);
  });

  it('DELETE products/{id} removes the product from the shop', async () => {
    const response = await send('DELETE', '/wp-json/wc/v3/products/3301');
    expect(json(response)).toMatchObject({ id: 3301 });
    expect((await send('GET', '/wp-json/wc/v3/products/3301')).statusCode).toBe(404);
    const order = await send('POST', '/wp-json/wc/v3/orders', {
      line_items: [{ product_id: 3301, quantity: 1 }],
    });
    expect((json(order) as { code: string }).code).toBe('woocommerce_rest_invalid_product_id');
  });

  it('needs the admin keys for every write', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/wp-json/wc/v3/products/3301',
      payload: { regular_price: '1.00' },
    });
    expect(response.statusCode).toBe(401);
  });
});
