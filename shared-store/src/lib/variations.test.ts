import { monthOptions, productPriceText } from './variations';

const variation = (id: unknown, month: unknown, price: unknown, name = 'Month') => ({
  id,
  price,
  attributes: [{ id: 1, name, option: month }],
});

describe('month options of a variable product', () => {
  it('reads month, price and variation id from each variation, in order', () => {
    expect(
      monthOptions([variation(11, '1 Month', '29.99'), variation(13, '3 Months', '79.99')]),
    ).toEqual([
      { month: '1 Month', price: 29.99, variationId: 11 },
      { month: '3 Months', price: 79.99, variationId: 13 },
    ]);
  });

  it("keeps each option's limit (the most one order may have of it) where the shop gives one", () => {
    expect(
      monthOptions([
        { ...variation(11, '1 Month', '29.99'), max_quantity: 1 },
        { ...variation(12, '3 Months', '79.99'), max_quantity: null },
        { ...variation(13, '6 Months', '99.99'), max_quantity: -2 },
        { ...variation(14, '12 Months', '149.99'), max_quantity: 0 },
      ]).map((option) => option.maxQuantity),
    ).toEqual([1, undefined, undefined, 0]);
  });

  it('keeps the regular price of a variation on sale: a sale price set, lower, and charged', () => {
    const priced = (price: string, regular: string, sale: string) => ({
      ...variation(1, '3 Months', price),
      regular_price: regular,
      sale_price: sale,
    });
    const regularOf = (...prices: [string, string, string]) =>
      monthOptions([priced(...prices)])[0]?.regularPrice;
    expect(regularOf('119.99', '129.99', '119.99')).toBe(129.99);
    // No sale price, a sale price not lower, a sale not yet started (the regular price charged).
    expect(regularOf('129.99', '129.99', '')).toBeUndefined();
    expect(regularOf('129.99', '129.99', '129.99')).toBeUndefined();
    expect(regularOf('139.99', '129.99', '139.99')).toBeUndefined();
    expect(regularOf('129.99', '129.99', '119.99')).toBeUndefined();
    expect(regularOf('119.99', 'n/a', '119.99')).toBeUndefined();
  });

  it('skips malformed variations: bad id, no month, no price, repeated month', () => {
    expect(
      monthOptions([
        variation('12', '1 Month', '9.99'),
        variation(-1, '1 Month', '9.99'),
        variation(12, '', '9.99'),
        variation(13, '1 Month', 'free'),
        variation(14, '1 Month', '9.99'),
        variation(15, '1 Month', '19.99'),
        null,
      ]),
    ).toEqual([{ month: '1 Month', price: 9.99, variationId: 14 }]);
  });

  it('takes another attribute when none is named month or duration', () => {
    expect(monthOptions([variation(1, 'Lifetime', '99', 'Access')])).toEqual([
      { month: 'Lifetime', price: 99, variationId: 1 },
    ]);
  });

  it('anything that is not a list gives no options', () => {
    expect(monthOptions({ not: 'a list' })).toEqual([]);
  });
});

describe("a product's price in a list of results", () => {
  it('is the lowest month\'s, "From" when there are several, the one month\'s alone', () => {
    const two = [variation(11, '1 Month', '29.99'), variation(13, '3 Months', '79.99')];
    expect(productPriceText(two, 0)).toBe('From £29.99');
    expect(productPriceText([variation(12, '6 Months', '120')], 0)).toBe('£120.00');
  });

  it('is the listed price of a product sold without months (an event), when the shop answered', () => {
    expect(productPriceText([], 49)).toBe('£49.00');
    expect(productPriceText([], 0)).toBe('');
  });

  it('is nothing while the prices are not known, or for a product the shop cannot price', () => {
    expect(productPriceText(undefined, 49)).toBe('');
    expect(productPriceText(null, 49)).toBe('');
  });
});
