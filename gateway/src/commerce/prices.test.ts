import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { fakeClockOnly } from '../test-support/clock';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { eventually } from '../test-support/eventually';
import { recordingWordPressPerTest } from '../test-support/recordingWordPress';
import { shopGateway, startShopBackend } from '../test-support/shop';
import { PRICES_AT_ONCE } from './shopReads';
import { MAX_PRICED_PRODUCTS } from './schemas';

/**
 * A WooCommerce whose products are `shop.products`, each with one month option; a product's
 * variations can be made to fail (`shop.failing`), and held until the test lets them go
 * (`shop.holding`, `shop.held`).
 */
const shop = {
  products: [] as number[],
  failing: new Map<number, { status: number; body: unknown }>(),
  catalogueDown: false,
  holding: false,
  held: [] as (() => void)[],
  /** Products' one-per-order rule and stock, where a test sets them (none: no limit). */
  limits: new Map<number, Record<string, unknown>>(),
};

/** One month of product `id`, as WooCommerce lists a variation: far more than the page is given. */
const wooVariation = (id: number) => ({
  id: id * 100 + 1,
  sku: `secret-${String(id)}`,
  price: '49.99',
  regular_price: '59.99',
  sale_price: '49.99',
  stock_quantity: 12,
  meta_data: [{ key: '_cost', value: '3.00' }],
  attributes: [{ id: 1, name: 'Month', option: '1 Month', slug: 'month' }],
});

/** Product `id`'s variations as the commerce API gives them: the listed fields only. */
const given = (id: number) => [
  {
    id: id * 100 + 1,
    price: '49.99',
    regular_price: '59.99',
    sale_price: '49.99',
    attributes: [{ name: 'Month', option: '1 Month' }],
    max_quantity: null,
  },
];

const site = recordingWordPressPerTest((server) => {
  server.get<{ Querystring: { page?: string; per_page?: string } }>(
    '/wp-json/wc/v3/products',
    (request, reply) => {
      if (shop.catalogueDown) return reply.code(500).send({ code: 'x', message: 'down' });
      const page = Number(request.query.page ?? '1');
      const perPage = Number(request.query.per_page ?? '10');
      return shop.products
        .slice((page - 1) * perPage, page * perPage)
        .map((id) => ({ id, name: `Product ${String(id)}`, type: 'variable' }));
    },
  );
  server.get<{ Params: { id: string } }>('/wp-json/wc/v3/products/:id', (request, reply) => {
    const id = Number(request.params.id);
    const limits = shop.limits.get(id);
    if (!limits) return reply.code(404).send({ code: 'x', message: 'Invalid ID.' });
    return {
      id,
      name: `Product ${String(id)}`,
      slug: 'p',
      type: 'variable',
      price: '49.99',
      regular_price: '',
      sale_price: '',
      ...limits,
    };
  });
  server.get<{ Params: { id: string } }>(
    '/wp-json/wc/v3/products/:id/variations',
    async (request, reply) => {
      const id = Number(request.params.id);
      if (shop.holding) await new Promise<void>((resolve) => shop.held.push(resolve));
      const failure = shop.failing.get(id);
      if (failure) return reply.code(failure.status).send(failure.body);
      if (!shop.products.includes(id)) {
        return reply
          .code(404)
          .send({ code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.' });
      }
      return [wooVariation(id)];
    },
  );
});

beforeEach(() => {
  shop.products = [3101, 3102, 3103, 3104, 3105, 3106, 3107, 3108, 3201, 3202, 3203];
  shop.failing.clear();
  shop.limits.clear();
  shop.catalogueDown = false;
  shop.holding = false;
  shop.held.length = 0;
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const pricesOf = (ids: readonly (number | string)[]) => `/api/shop/prices?ids=${ids.join(',')}`;

/** The products whose variations WooCommerce was asked for, in order. */
const variationsAsked = () =>
  site.wordpress.hits.flatMap((hit) => {
    const id = /\/products\/(\d+)\/variations/.exec(hit)?.[1];
    return id === undefined ? [] : [Number(id)];
  });

/** The reads of WooCommerce's product list. */
const catalogueReads = () => site.wordpress.hits.filter((hit) => hit.includes('/products?'));

/** Lets every held call go, and every later one through. */
function releaseAll() {
  shop.holding = false;
  for (const release of shop.held.splice(0)) release();
}

const prices = async (gateway: FastifyInstance, ids: readonly (number | string)[]) => {
  const answer = await gateway.inject(pricesOf(ids));
  expect(answer.statusCode).toBe(200);
  return answer.json<Record<string, unknown>>();
};

describe('limits', () => {
  it('each month option carries the most one order may have: 1 sold individually, what is left of a counted stock, null for none', async () => {
    shop.limits.set(3101, { sold_individually: true });
    shop.limits.set(3102, { manage_stock: true, stock_quantity: 7, backorders: 'no' });
    shop.limits.set(3103, { manage_stock: true, stock_quantity: 0, stock_status: 'outofstock' });
    const answer = await prices(site.gateway, [3101, 3102, 3103, 3104]);
    const limitOf = (id: number) =>
      (answer[id] as { max_quantity: number | null }[] | null)?.[0]?.max_quantity;
    expect([limitOf(3101), limitOf(3102), limitOf(3103), limitOf(3104)]).toEqual([1, 7, 0, null]);
  });
});

describe('a list’s prices in one read (/api/shop/prices)', () => {
  it('answers each product’s variations by id, exactly as the per-product route does and from the same kept reads', async () => {
    const { gateway } = site;
    expect(await prices(gateway, [3101, 3102])).toEqual({ 3101: given(3101), 3102: given(3102) });
    expect(variationsAsked()).toEqual([3101, 3102]);
    for (const id of [3101, 3102]) {
      const one = await gateway.inject(`/api/shop/products/${String(id)}/variations`);
      expect(one.json()).toEqual(given(id));
    }
    // And the other way round: a product the per-product route read costs the list nothing.
    const one = await gateway.inject('/api/shop/products/3103/variations');
    expect(await prices(gateway, [3103, 3101])).toEqual({
      3103: one.json<unknown>(),
      3101: given(3101),
    });
    expect(variationsAsked()).toEqual([3101, 3102, 3103]);
  });

  it.each([
    ['no ids', '/api/shop/prices', 'ids: Invalid input: expected string, received undefined'],
    ['an empty list', '/api/shop/prices?ids=', 'ids: must be product ids separated by commas'],
    ['a word', pricesOf(['abc']), 'ids: must be product ids separated by commas'],
    ['a trailing comma', pricesOf([3101, '']), 'ids: must be product ids separated by commas'],
    ['an empty entry', pricesOf([3101, '', 3102]), 'ids: must be product ids separated by commas'],
    ['zero', pricesOf([0]), 'ids: must be product ids separated by commas'],
    ['a negative id', pricesOf([-3101]), 'ids: must be product ids separated by commas'],
    ['a fraction', pricesOf([3101.5]), 'ids: must be product ids separated by commas'],
    ['a leading zero', pricesOf(['03101']), 'ids: must be product ids separated by commas'],
    ['a space', '/api/shop/prices?ids=3101,%203102', 'ids: must be product ids separated by'],
    ['an id too large', pricesOf([2 ** 31]), 'ids.0: Too big'],
    [
      `${String(MAX_PRICED_PRODUCTS + 1)} products`,
      pricesOf(Array.from({ length: MAX_PRICED_PRODUCTS + 1 }, (_, i) => 5000 + i)),
      `ids: names more than ${String(MAX_PRICED_PRODUCTS)} products`,
    ],
    [
      'ids given twice',
      '/api/shop/prices?ids=3101&ids=3102',
      'ids: Invalid input: expected string',
    ],
    ['another parameter', `${pricesOf([3101])}&per_page=100`, 'Unrecognized key: "per_page"'],
  ])('%s is refused with a 400 that says why, before WooCommerce', async (_what, url, message) => {
    const answer = await site.gateway.inject(url);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_request', data: { status: 400 } });
    expect(answer.json<{ message: string }>().message).toContain(message);
    expect(site.wordpress.hits).toEqual([]);
  });

  it(`takes ${String(MAX_PRICED_PRODUCTS)} products, an id named twice counted and asked once`, async () => {
    shop.products = Array.from({ length: MAX_PRICED_PRODUCTS }, (_, i) => 5000 + i);
    const answer = await prices(site.gateway, [...shop.products, 5000, 5001]);
    expect(Object.keys(answer).map(Number)).toEqual(shop.products);
    expect(variationsAsked().sort()).toEqual(shop.products);
  });

  it('a product whose variations fail, do not exist or the shop does not have is null; the others are answered', async () => {
    shop.failing.set(3102, { status: 500, body: { code: 'internal', message: 'Fatal error' } });
    shop.failing.set(3103, { status: 200, body: { not: 'a list' } });
    shop.failing.set(3104, {
      status: 404,
      body: { code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.' },
    });
    expect(await prices(site.gateway, [3101, 3102, 3103, 3104, 9999])).toEqual({
      3101: given(3101),
      3102: null,
      3103: null,
      3104: null,
      9999: null,
    });
    // The product the shop does not have is never asked about.
    expect(variationsAsked()).toEqual([3101, 3102, 3103, 3104]);
  });

  it('a shop whose product list cannot be read gives every product null, never a failed read', async () => {
    shop.catalogueDown = true;
    expect(await prices(site.gateway, [3101, 3102])).toEqual({ 3101: null, 3102: null });
    expect(variationsAsked()).toEqual([]);
  });

  it('ids the shop does not have cost WooCommerce nothing: the product list alone, read once a minute whatever is asked', async () => {
    fakeClockOnly();
    // A gateway of its own, whose kept reads go by the clock the test moves.
    const gateway = await buildGateway(testGatewayOptions(makeAppsRoot(), site.wordpress.url));
    try {
      const madeUp = (from: number) =>
        Array.from({ length: MAX_PRICED_PRODUCTS }, (_, i) => from + i);
      for (const from of [700_000, 800_000, 900_000]) {
        const answer = await prices(gateway, madeUp(from));
        expect(Object.values(answer).every((entry) => entry === null)).toBe(true);
      }
      expect(variationsAsked()).toEqual([]);
      expect(catalogueReads()).toEqual([
        'GET /wp-json/wc/v3/products?per_page=100&page=1&_fields=id',
      ]);
      // A product added to the shop is priced once the list is read again, a minute on.
      shop.products.push(700_000);
      jest.setSystemTime(Date.now() + 61_000);
      expect(await prices(gateway, [700_000])).toEqual({ 700000: given(700_000) });
      expect(catalogueReads()).toHaveLength(2);
    } finally {
      await gateway.close();
    }
  });

  it('reads the whole product list, a hundred products a call', async () => {
    shop.products = Array.from({ length: 150 }, (_, i) => 6000 + i);
    expect(await prices(site.gateway, [6149])).toEqual({ 6149: given(6149) });
    expect(catalogueReads()).toEqual([
      'GET /wp-json/wc/v3/products?per_page=100&page=1&_fields=id',
      'GET /wp-json/wc/v3/products?per_page=100&page=2&_fields=id',
    ]);
  });

  it(`asks WooCommerce about at most ${String(PRICES_AT_ONCE)} products at once`, async () => {
    shop.products = Array.from({ length: 10 }, (_, i) => 7000 + i);
    // The product list is at hand: only variations are asked for below.
    await prices(site.gateway, [1]);
    shop.holding = true;
    const fetched = jest.spyOn(globalThis, 'fetch');
    const started = () =>
      fetched.mock.calls.filter(([url]) => typeof url === 'string' && url.includes('/variations'))
        .length;
    const answer = site.gateway.inject(pricesOf(shop.products));
    await eventually(() => shop.held.length >= PRICES_AT_ONCE, 'the first calls arriving');
    // Calls started together all leave before any of them arrives: no other one has started.
    expect(started()).toBe(PRICES_AT_ONCE);
    shop.held.shift()?.();
    await eventually(() => shop.held.length >= PRICES_AT_ONCE, 'the next call arriving');
    expect(started()).toBe(PRICES_AT_ONCE + 1);
    releaseAll();
    const all = (await answer).json<Record<string, unknown>>();
    expect(Object.keys(all)).toHaveLength(10);
    expect(Object.values(all).every((entry) => entry !== null)).toBe(true);
  });

  it('reads made at the same time over HTTP share each product’s WooCommerce call', async () => {
    const url = await site.gateway.listen({ host: '127.0.0.1', port: 0 });
    await prices(site.gateway, [1]);
    shop.holding = true;
    const ask = (ids: number[]) =>
      fetch(`${url}${pricesOf(ids)}`).then(
        (answer) => answer.json() as Promise<Record<string, unknown>>,
      );
    const first = ask([3101, 3102, 3103]);
    await eventually(() => shop.held.length === 3, 'the first read’s calls arriving');
    const second = ask([3101, 3102, 3103, 3104]);
    const third = ask([3102, 3103, 3104]);
    // A later read's own product arrives after its other products have joined the first read's.
    await eventually(() => variationsAsked().includes(3104), 'a later read’s own call');
    releaseAll();
    expect(await first).toEqual({ 3101: given(3101), 3102: given(3102), 3103: given(3103) });
    expect(await second).toEqual({ ...(await first), 3104: given(3104) });
    expect(await third).toEqual({ 3102: given(3102), 3103: given(3103), 3104: given(3104) });
    expect(variationsAsked().sort()).toEqual([3101, 3102, 3103, 3104]);
  });

  it('prices the sample shop’s courses, packages and events as its per-product route does', async () => {
    const backend = await startShopBackend();
    const gateway = await shopGateway(backend.url);
    try {
      const ids = [3101, 3102, 3103, 3104, 3105, 3106, 3107, 3108, 3201, 3202, 3203, 3301];
      const answer = await prices(gateway, [...ids, 9999]);
      for (const id of ids) {
        const one = await gateway.inject(`/api/shop/products/${String(id)}/variations`);
        expect(answer[id]).toEqual(one.json<unknown>());
      }
      expect(answer[3103]).toHaveLength(3);
      // An event is a simple product: no month to choose.
      expect(answer[3301]).toEqual([]);
      expect(answer[9999]).toBeNull();
    } finally {
      await gateway.close();
      await backend.close();
    }
  });
});
