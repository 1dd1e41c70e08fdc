import { priceIds, shopReads } from './commerce';

describe('the prices read of a list of products', () => {
  it('names each valid product once, ascending: one list in any order is one read', () => {
    expect(priceIds([3301, 3103, 3104, 3103])).toBe('3103,3104,3301');
    expect(priceIds([3104, 3103])).toBe(priceIds([3103, 3104]));
  });

  it('leaves out what is not a product id, and reads nothing for none', () => {
    expect(priceIds([0, -1, 1.5, 2 ** 31, Number.NaN, 7])).toBe('7');
    expect(priceIds([])).toBeNull();
    expect(priceIds([0])).toBeNull();
  });

  it("asks the gateway's shop, never WooCommerce", () => {
    expect(shopReads.prices.request('3103,3104')).toEqual({
      path: '/api/shop/prices',
      query: { ids: '3103,3104' },
    });
  });
});
