import {
  MAX_PRICE,
  addMoney,
  formatPrice,
  roundMoney,
  subtractMoney,
  sumLines,
  toNumber,
  toPrice,
} from './money';

describe('formatPrice', () => {
  const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

  it('writes pounds as the en-GB currency format does', () => {
    for (const pounds of [
      0, 0.5, 1, 9.99, 19.99, 59.97, 150, 999.99, 1000, 1234.5, 1_000_000, -5, -0.01, -1234.56,
    ]) {
      expect(formatPrice(pounds)).toBe(intl.format(pounds));
    }
  });

  it('rounds to the penny without binary drift', () => {
    expect(formatPrice(3 * 19.99)).toBe('£59.97');
    expect(formatPrice(1.005)).toBe('£1.01');
    expect(formatPrice(0.1 + 0.2)).toBe('£0.30');
  });

  it('shows nothing owed, not a sign or NaN, for zero and non-numbers', () => {
    expect(formatPrice(-0)).toBe('£0.00');
    expect(formatPrice(-0.001)).toBe('£0.00');
    expect(formatPrice(Number.NaN)).toBe('£0.00');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('£0.00');
  });
});

describe('sums in whole pence', () => {
  it('lines, additions and subtractions never drift', () => {
    expect(sumLines([{ quantity: 3, price: 19.99 }])).toBe(59.97);
    expect(
      sumLines([
        { quantity: 1, price: 0.1 },
        { quantity: 1, price: 0.2 },
      ]),
    ).toBe(0.3);
    expect(sumLines([])).toBe(0);
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(subtractMoney(59.97, 19.99)).toBe(39.98);
    expect(subtractMoney(5, 10.01)).toBe(-5.01);
  });

  it('a price is at least 0, at most the largest, to the penny; anything not a number is 0', () => {
    expect(toPrice('19.999')).toBe(20);
    expect(toPrice(-3)).toBe(0);
    expect(toPrice(1e12)).toBe(MAX_PRICE);
    expect(toPrice('free')).toBe(0);
    expect(toNumber(' 3 ')).toBe(3);
    expect(toNumber(Number.NaN)).toBe(0);
    expect(roundMoney(1.005)).toBe(1.01);
  });
});
