import { readdir, writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildSampleBackend } from '../index';
import {
  json,
  makeStateDir,
  removeDir,
  TEST_WC_KEYS,
  testBackend,
  WC_AUTH,
  WC_BASIC,
} from '../test-support/backend';

const { wcConsumerKey: KEY, wcConsumerSecret: SECRET } = TEST_WC_KEYS;

let app: FastifyInstance;
let stateDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ app, stateDir, cleanup } = await testBackend());
});
afterAll(() => cleanup());

interface Order {
  id: number;
  status: string;
  currency: string;
  total: string;
  discount_total: string;
  order_key: string;
  payment_url: string;
  line_items: { name: string; price: number; quantity: number; subtotal: string; total: string }[];
  coupon_lines: { code: string; discount: string }[];
}

function createOrder(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/wp-json/wc/v3/orders?${WC_AUTH}`, payload, headers });
}

const billing = { email: 'learner@example.com', first_name: 'Test', last_name: 'Learner' };
const PLAB1_QBANK_1M = { product_id: 3108, variation_id: 310801 };

describe('WooCommerce authentication', () => {
  const keyError = {
    code: 'woocommerce_rest_authentication_error',
    message: 'Consumer key is invalid.',
    data: { status: 401 },
  };

  it('refuses requests without the consumer key and secret', async () => {
    const response = await app.inject('/wp-json/wc/v3/products/3101');
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual(keyError);
  });

  it('refuses a wrong key, and a right key with a wrong secret', async () => {
    const wrongKey = await app.inject(
      `/wp-json/wc/v3/products/3101?consumer_key=ck_x&consumer_secret=${SECRET}`,
    );
    expect(json(wrongKey)).toEqual(keyError);
    const wrongSecret = await app.inject(
      `/wp-json/wc/v3/products/3101?consumer_key=${KEY}&consumer_secret=cs_x`,
    );
    expect(wrongSecret.statusCode).toBe(401);
    expect((json(wrongSecret) as { message: string }).message).toBe('Consumer secret is invalid.');
  });

  it('accepts the credentials as HTTP Basic too', async () => {
    const response = await app.inject({ url: '/wp-json/wc/v3/products/3101', headers: WC_BASIC });
    expect(response.statusCode).toBe(200);
  });

  it('checks credentials before routing: unknown routes are 401 without them, rest_no_route with them', async () => {
    expect((await app.inject('/wp-json/wc/v3/webhooks')).statusCode).toBe(401);
    const response = await app.inject(`/wp-json/wc/v3/webhooks?${WC_AUTH}`);
    expect(response.statusCode).toBe(404);
    expect((json(response) as { code: string }).code).toBe('rest_no_route');
  });

  it('uses the configured credentials', async () => {
    const custom = await buildSampleBackend({
      stateDir,
      wcConsumerKey: 'ck_custom',
      wcConsumerSecret: 'cs_custom',
    });
    expect((await custom.inject(`/wp-json/wc/v3/products/3101?${WC_AUTH}`)).statusCode).toBe(401);
    expect(
      (
        await custom.inject(
          '/wp-json/wc/v3/products/3101?consumer_key=ck_custom&consumer_secret=cs_custom',
        )
      ).statusCode,
    ).toBe(200);
    await custom.close();
  });
});

describe('products and variations', () => {
  it('a course product is variable with string prices and its variation ids', async () => {
    const product = json(await app.inject(`/wp-json/wc/v3/products/3103?${WC_AUTH}`)) as Record<
      string,
      unknown
    >;
    expect(product).toMatchObject({
      id: 3103,
      type: 'variable',
      price: '49.99',
      on_sale: true,
      variations: [310301, 310303, 310306],
      attributes: [{ name: 'Month', options: ['1 Month', '3 Months', '6 Months'] }],
    });
  });

  it("says what limits an order as WooCommerce does: courses sold individually, an event's places as its managed stock", async () => {
    const product = async (id: number) =>
      json(await app.inject(`/wp-json/wc/v3/products/${String(id)}?${WC_AUTH}`)) as Record<
        string,
        unknown
      >;
    expect(await product(3103)).toMatchObject({
      sold_individually: true,
      manage_stock: false,
      stock_quantity: null,
      stock_status: 'instock',
    });
    expect(await product(3301)).toMatchObject({
      sold_individually: false,
      manage_stock: true,
      stock_quantity: 16,
      stock_status: 'instock',
      backorders: 'no',
    });
  });

  it("an admin's new stock is the event's places left, and none left is out of stock", async () => {
    const put = await app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/3302?${WC_AUTH}`,
      payload: { stock_quantity: 0 },
    });
    expect(json(put)).toMatchObject({ stock_quantity: 0, stock_status: 'outofstock' });
    const events = json(await app.inject('/wp-json/wp/v2/products-with-ticket')) as {
      product_id: number;
      tickets_available: number;
    }[];
    expect(events.find((event) => event.product_id === 3302)?.tickets_available).toBe(0);
    const bad = await app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/3302?${WC_AUTH}`,
      payload: { stock_quantity: 'lots' },
    });
    expect(bad.statusCode).toBe(400);
    await app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/3302?${WC_AUTH}`,
      payload: { stock_quantity: 24 },
    });
  });

  it('variations list month options with distinct prices and WordPress paging headers', async () => {
    const response = await app.inject(
      `/wp-json/wc/v3/products/3101/variations?per_page=100&${WC_AUTH}`,
    );
    expect(response.headers['x-wp-total']).toBe('4');
    expect(response.headers['x-wp-totalpages']).toBe('1');
    const variations = json(response) as {
      price: string;
      regular_price: string;
      sale_price: string;
      attributes: { option: string }[];
    }[];
    expect(variations.map((v) => [v.attributes[0]?.option, v.price])).toEqual([
      ['1 Month', '49.99'],
      ['3 Months', '119.99'],
      ['6 Months', '179.99'],
      ['12 Months', '249.99'],
    ]);
  });

  it('Link header carries the received query including consumer keys, as WooCommerce builds it', async () => {
    const response = await app.inject(
      `/wp-json/wc/v3/products/3101/variations?per_page=1&page=2&${WC_AUTH}`,
    );
    const auth = `consumer_key=${KEY}&consumer_secret=${SECRET}`;
    const base = 'http://localhost:80/wp-json/wc/v3/products/3101/variations';
    expect(response.headers.link).toBe(
      `<${base}?per_page=1&${auth}&page=1>; rel="prev", <${base}?per_page=1&${auth}&page=3>; rel="next"`,
    );
  });

  it('refuses per_page over 100 and answers an unknown product with a 404', async () => {
    const tooMany = await app.inject(
      `/wp-json/wc/v3/products/3101/variations?per_page=101&${WC_AUTH}`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect((json(tooMany) as { code: string }).code).toBe('rest_invalid_param');
    const missing = await app.inject(`/wp-json/wc/v3/products/9/variations?${WC_AUTH}`);
    expect(missing.statusCode).toBe(404);
    expect((json(missing) as { code: string }).code).toBe('woocommerce_rest_product_invalid_id');
  });
});

describe('orders: priced as WooCommerce prices them', () => {
  it('prices lines from the catalogue when the client names no amounts (3 x 19.99 is 59.97)', async () => {
    const response = await createOrder({
      status: 'pending',
      set_paid: false,
      billing,
      // Read-only fields of WooCommerce's schema: ignored, as WooCommerce ignores them.
      total: '0.01',
      line_items: [{ ...PLAB1_QBANK_1M, quantity: 3, price: '0.01' }],
    });
    expect(response.statusCode).toBe(201);
    const order = json(response) as Order;
    expect(order).toMatchObject({ status: 'pending', currency: 'GBP', total: '59.97' });
    expect(order.line_items[0]).toMatchObject({
      name: 'PLAB 1 Question Bank - 1 Month',
      price: 19.99,
      quantity: 3,
      subtotal: '59.97',
      total: '59.97',
    });
    expect(order.order_key).toMatch(/^wc_order_[A-Za-z0-9]{13}$/);
  });

  // 3 x 19.99 (PLAB 1 Question Bank, 1 month) + 44.99 (MSRA, 1 month) = 104.96
  it.each([
    ['WELCOME10', '94.96', '10.00'],
    ['plab20', '83.97', '20.99'],
    ['BIGSAVE', '0.00', '104.96'],
  ])(
    'applies %s: total %s, discount %s, shared across the lines',
    async (code, total, discount) => {
      const order = json(
        await createOrder({
          billing,
          line_items: [
            { ...PLAB1_QBANK_1M, quantity: 3 },
            { product_id: 3105, variation_id: 310501, quantity: 1 },
          ],
          coupon_lines: [{ code }],
        }),
      ) as Order;
      expect({ total: order.total, discount: order.discount_total }).toEqual({ total, discount });
      expect(order.coupon_lines[0]?.discount).toBe(discount);
      const pence = (amount: string): number => Math.round(Number(amount) * 100);
      const lineTotals = order.line_items.reduce((sum, line) => sum + pence(line.total), 0);
      expect(lineTotals).toBe(pence(total));
      expect(order.line_items.every((line) => pence(line.total) >= 0)).toBe(true);
    },
  );

  it.each([
    [{ coupon_lines: [{ code: 'EXPIRED2024' }] }, 'coupon_expired'],
    [{ coupon_lines: [{ code: 'NOPE' }] }, 'invalid_coupon'],
    [{ line_items: [{ product_id: 999, quantity: 1 }] }, 'woocommerce_rest_invalid_product_id'],
    [{ line_items: [{ product_id: 3101, quantity: 1 }] }, 'woocommerce_rest_invalid_variation_id'],
    [
      { line_items: [{ product_id: 3101, variation_id: 310801, quantity: 1 }] },
      'woocommerce_rest_invalid_variation_id',
    ],
    [{ line_items: [{ ...PLAB1_QBANK_1M, quantity: 0 }] }, 'woocommerce_rest_invalid_quantity'],
    [{ line_items: [{ ...PLAB1_QBANK_1M, quantity: 1.5 }] }, 'woocommerce_rest_invalid_quantity'],
    [{ line_items: [] }, 'rest_invalid_param'],
    [
      { line_items: [{ ...PLAB1_QBANK_1M, quantity: 1, total: 'free' }] },
      'woocommerce_rest_invalid_line_item',
    ],
    [{ billing: { email: 'nope' } }, 'rest_invalid_param'],
    [{ status: 'shipped' }, 'rest_invalid_param'],
    [{ set_paid: 'maybe' }, 'rest_invalid_param'],
    [{ customer_id: 999 }, 'woocommerce_rest_invalid_customer_id'],
    [{ fee_lines: [{ total: '-5.00' }] }, 'woocommerce_rest_invalid_fee_item'],
    [{ meta_data: [{ value: 1 }] }, 'rest_invalid_param'],
  ])('refuses %j with %s, as WooCommerce does', async (change, code) => {
    const response = await createOrder({
      billing,
      line_items: [{ ...PLAB1_QBANK_1M, quantity: 1 }],
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect((json(response) as { code: string }).code).toBe(code);
  });

  it('builds payment_url on the gateway origin from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const order = json(
      await createOrder(
        { billing, line_items: [{ product_id: 3301, quantity: 2 }] },
        { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.test' },
      ),
    ) as Order;
    expect(order.total).toBe('590.00');
    expect(order.payment_url).toBe(
      `https://shop.example.test/checkout/order-pay/${String(order.id)}/?pay_for_order=true&key=${order.order_key}`,
    );
  });

  it('GET orders/{id} returns a stored order; an unknown id is a 404', async () => {
    const created = json(
      await createOrder({ billing, line_items: [{ ...PLAB1_QBANK_1M, quantity: 1 }] }),
    ) as Order;
    const fetched = json(
      await app.inject(`/wp-json/wc/v3/orders/${String(created.id)}?${WC_AUTH}`),
    ) as Order;
    expect(fetched.total).toBe('19.99');
    const missing = await app.inject(`/wp-json/wc/v3/orders/1?${WC_AUTH}`);
    expect(missing.statusCode).toBe(404);
    expect((json(missing) as { code: string }).code).toBe('woocommerce_rest_shop_order_invalid_id');
  });

  it('keeps created orders across a restart with the same state folder', async () => {
    const created = json(
      await createOrder({ billing, line_items: [{ product_id: 3302, quantity: 1 }] }),
    ) as Order;
    const restarted = await buildSampleBackend({ ...TEST_WC_KEYS, stateDir });
    const fetched = json(
      await restarted.inject(`/wp-json/wc/v3/orders/${String(created.id)}?${WC_AUTH}`),
    ) as Order;
    expect(fetched).toMatchObject({
      id: created.id,
      total: '195.00',
      order_key: created.order_key,
    });
    await restarted.close();
  });
});

describe('the order payment page', () => {
  it('shows the order total with the right key and no script', async () => {
    const order = json(
      await createOrder({ billing, line_items: [{ ...PLAB1_QBANK_1M, quantity: 3 }] }),
    ) as Order;
    const response = await app.inject(
      new URL(order.payment_url).pathname + new URL(order.payment_url).search,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(response.body).toContain(`Pay for order #${String(order.id)}`);
    expect(response.body).toContain('£59.97');
    expect(response.body).toContain('sample backend');
    expect(response.body).not.toMatch(/<script/i);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('is a 404 page for a wrong key or an unknown order', async () => {
    const wrongKey = await app.inject(
      '/checkout/order-pay/52001/?pay_for_order=true&key=wc_order_wrong',
    );
    expect(wrongKey.statusCode).toBe(404);
    expect(wrongKey.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect((await app.inject('/checkout/order-pay/1/?key=x')).statusCode).toBe(404);
  });
});

describe('apply-coupon', () => {
  function apply(payload: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: `/wp-json/wc/v3/apply-coupon?${WC_AUTH}`, payload });
  }

  it.each([
    [{ code: 'WELCOME10' }, { code: 'WELCOME10', amount: '10.00', discount_type: 'fixed_cart' }],
    [
      { code: 'welcome10', total: '5.00' },
      { code: 'WELCOME10', amount: '10.00', discount_type: 'fixed_cart' },
    ],
    [
      { code: 'PLAB20', total: '59.97' },
      { code: 'PLAB20', amount: '11.99', discount_type: 'percent' },
    ],
    [
      { code: ' plab20 ', total: 150 },
      { code: 'PLAB20', amount: '30.00', discount_type: 'percent' },
    ],
    [
      { code: 'BIGSAVE', total: '49.99' },
      { code: 'BIGSAVE', amount: '5000.00', discount_type: 'fixed_cart' },
    ],
  ])('%j gives %j', async (payload, expected) => {
    const response = await apply(payload);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ ...expected, message: 'Coupon code applied successfully.' });
  });

  it('refuses an expired and an unknown coupon with exact bodies', async () => {
    expect(json(await apply({ code: 'EXPIRED2024', total: '100' }))).toEqual({
      code: 'coupon_expired',
      message: 'This coupon has expired.',
      data: { status: 400 },
    });
    const unknown = await apply({ code: 'XYZ' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toEqual({
      code: 'invalid_coupon',
      message: 'Coupon "XYZ" does not exist!',
      data: { status: 400 },
    });
  });

  it('needs a code, a valid total, and a total for a percentage coupon', async () => {
    expect((json(await apply({})) as { code: string }).code).toBe('missing_coupon_code');
    expect((json(await apply({ code: 'PLAB20', total: 'lots' })) as { code: string }).code).toBe(
      'invalid_total',
    );
    expect((json(await apply({ code: 'PLAB20' })) as { code: string }).code).toBe('missing_total');
  });
});

describe('state folder', () => {
  it('still reads an orders file written by the first release (a bare array)', async () => {
    const dir = await makeStateDir();
    const legacy = {
      id: 60001,
      order_key: 'wc_order_Legacy1234567',
      status: 'pending',
      date_created: '2026-11-02T10:00:00',
      customer_id: 0,
      billing: { email: 'old@example.com', first_name: '', last_name: '' },
      lines: [
        {
          product_id: 3301,
          variation_id: 0,
          name: 'Course',
          sku: 'X',
          quantity: 1,
          unitPence: 29500,
          subtotalPence: 29500,
          totalPence: 29500,
        },
      ],
      coupons: [],
      subtotalPence: 29500,
      discountPence: 0,
      totalPence: 29500,
    };
    await writeFile(`${dir}/orders.json`, JSON.stringify([legacy]));
    const fresh = await buildSampleBackend({ ...TEST_WC_KEYS, stateDir: dir });
    const response = await fresh.inject(`/wp-json/wc/v3/orders/60001?${WC_AUTH}`);
    expect(json(response)).toMatchObject({
      id: 60001,
      total: '295.00',
      fee_lines: [],
      date_paid: null,
      billing: { email: 'old@example.com', country: 'GB' },
    });
    await fresh.close();
    await removeDir(dir);
  });

  it('a corrupt orders file does not stop the backend', async () => {
    const dir = await makeStateDir();
    await writeFile(`${dir}/orders.json`, '{ not json');
    const fresh = await buildSampleBackend({ ...TEST_WC_KEYS, stateDir: dir });
    expect((await fresh.inject(`/wp-json/wc/v3/orders/52001?${WC_AUTH}`)).statusCode).toBe(200);
    expect((await readdir(dir)).some((name) => name.startsWith('orders.json.corrupt-'))).toBe(true);
    await fresh.close();
    await removeDir(dir);
  });
});
