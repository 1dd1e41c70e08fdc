import * as v from 'valibot';
import { createResponseCache } from '../proxy/responseCache';
import { ShopError } from './errors';
import { createShopReads } from './shopReads';
import type { WooCommerce } from './wooCommerce';

/** A WooCommerce of one variable product (3103, one month) and one simple product (3105). */
const PRODUCTS: Record<string, unknown> = {
  'wc/v3/products?per_page=100&page=1&_fields=id': [{ id: 3103 }, { id: 3105 }],
  'wc/v3/products/3103': {
    id: 3103,
    name: 'PLAB 1',
    slug: 'plab-1',
    type: 'variable',
    price: '49.99',
    regular_price: '59.99',
    sale_price: '49.99',
  },
  'wc/v3/products/3103/variations?per_page=100': [
    {
      id: 310301,
      price: '49.99',
      regular_price: '59.99',
      sale_price: '49.99',
      attributes: [{ name: 'Month', option: '1 Month' }],
    },
  ],
  'wc/v3/products/3105': {
    id: 3105,
    name: 'Mock',
    slug: 'mock',
    type: 'simple',
    price: '99.00',
    regular_price: '99.00',
    sale_price: '',
  },
  'wc/v3/products/3105/variations?per_page=100': [],
};

/** The shop's reads over that WooCommerce, and each path it was asked for. */
function shopOf() {
  const asked: string[] = [];
  const get = <T extends v.GenericSchema>(path: string, schema: T): Promise<v.InferOutput<T>> => {
    asked.push(path);
    if (!(path in PRODUCTS)) {
      return Promise.reject(
        new ShopError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.'),
      );
    }
    return Promise.resolve(v.parse(schema, PRODUCTS[path]));
  };
  const wc = { get } as unknown as WooCommerce;
  const reads = createShopReads({ wc, cache: createResponseCache(), log: () => undefined });
  return { reads, asked };
}

describe('the shop’s reads a page’s server render may be handed (publicRead)', () => {
  it('answers a list’s prices, a product and its variations at the URL the browser asks for them, as the API answers them', async () => {
    const { reads } = shopOf();
    const prices = await reads.publicRead('/api/shop/prices?ids=3103%2C3105%2C999');
    expect(prices).toEqual({
      3103: [
        {
          id: 310301,
          price: '49.99',
          regular_price: '59.99',
          sale_price: '49.99',
          attributes: [{ name: 'Month', option: '1 Month' }],
          max_quantity: null,
        },
      ],
      3105: [],
      999: null,
    });
    await expect(reads.prices({ ids: '3103,3105,999' })).resolves.toEqual(prices);
    await expect(reads.publicRead('/api/shop/products/3105')).resolves.toEqual(
      expect.objectContaining({ id: 3105, type: 'simple', price: '99.00' }),
    );
    await expect(reads.publicRead('/api/shop/products/3105/variations')).resolves.toEqual([]);
  });

  it('reads each product once for every reader within its time: the API’s routes and the pages share it', async () => {
    const { reads, asked } = shopOf();
    await reads.publicRead('/api/shop/products/3103/variations');
    await reads.variations({ id: '3103' });
    await reads.publicRead('/api/shop/prices?ids=3103');
    expect(asked.filter((path) => path.endsWith('/variations?per_page=100'))).toHaveLength(1);
  });

  it.each([
    // Another parameter, a parameter twice, none.
    '/api/shop/prices?ids=3103&x=1',
    '/api/shop/prices?ids=3103&ids=3105',
    '/api/shop/prices',
    '/api/shop/products/3103?x=1',
    // Ids its schema refuses, or that read as another's spelling.
    '/api/shop/prices?ids=0',
    '/api/shop/prices?ids=3103%2C',
    `/api/shop/prices?ids=${Array.from({ length: 49 }, (_, i) => String(i + 1)).join('%2C')}`,
    '/api/shop/products/007',
    '/api/shop/products/3103.0',
    '/api/shop/products/-1/variations',
    '/api/shop/products/abc',
    // Reads about a visitor, and anything else.
    '/api/shop/orders/12',
    '/api/shop/rewards',
    '/api/shop/products/3103/variations/310301',
    '/wp-json/wc/v3/products/3103',
  ])('is none for %s: nothing is read', (url) => {
    const { reads, asked } = shopOf();
    expect(reads.publicRead(url)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
