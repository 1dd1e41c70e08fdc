import { ApiError } from 'shared-store';
import {
  apiErrorMessage,
  appliedDiscounts,
  confirmedCoupon,
  lineKeys,
  lineLabel,
  parseWholePounds,
} from './cartHelpers';
import { lineDuration, lineName } from './lineNames';
import { type CartItem } from './model/cartSlice';

const line = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: 1,
  slug: 'plab-1',
  month: '3 Months',
  quantity: 1,
  price: 19.99,
  ...overrides,
});

describe('line names', () => {
  it('a line is called by its title, else its slug', () => {
    expect(lineName(line({ title: 'PLAB 1' }))).toBe('PLAB 1');
    expect(lineName(line())).toBe('plab-1');
    expect(lineName(line({ slug: '' }))).toBe('Item 1');
  });

  it('two lines with the same name are told apart by their month', () => {
    const three = line({ title: 'PLAB 1' });
    const six = line({ title: 'PLAB 1', month: '6 Months' });
    const other = line({ id: 2, title: 'MSRA' });
    expect(lineLabel(three, [three, six, other])).toBe('PLAB 1, 3 Months');
    expect(lineLabel(six, [three, six, other])).toBe('PLAB 1, 6 Months');
    expect(lineLabel(other, [three, six, other])).toBe('MSRA');
  });
});

describe('line keys', () => {
  it('courses are keyed by id and month, packages by id, duplicates get a suffix', () => {
    expect(
      lineKeys([
        line(),
        line({ month: '6 Months' }),
        line({ id: 9, tier: 'gold' }),
        line({ id: 9, tier: 'gold', month: '1 Month' }),
        line(),
      ]),
    ).toEqual(['1-3 Months', '1-6 Months', 'package-9', 'package-9-1', '1-3 Months-1']);
  });
});

describe('line duration', () => {
  it("a package shows its tier's stored duration, else its month; a course its month", () => {
    expect(lineDuration(line({ tier: 'gold' }), '6 Months')).toBe('6 Months');
    expect(lineDuration(line({ tier: 'gold' }), '')).toBe('3 Months');
    expect(lineDuration(line(), '6 Months')).toBe('3 Months');
  });
});

describe('reward amounts', () => {
  it('accepts whole pounds of 1 or more, with or without £', () => {
    expect(parseWholePounds('5')).toBe(5);
    expect(parseWholePounds(' £12 ')).toBe(12);
  });

  it.each(['', '0', '-5', '2.50', 'abc', '1e3', '5 pounds', '99999999'])('rejects %p', (text) => {
    expect(parseWholePounds(text)).toBeNull();
  });
});

describe('applied discounts', () => {
  it('are shown as they reduce the subtotal, never past zero', () => {
    expect(appliedDiscounts(59.97, 10, 5)).toEqual({ coupon: 10, reward: 5 });
    expect(appliedDiscounts(59.97, 5000, 5)).toEqual({ coupon: 59.97, reward: 0 });
    expect(appliedDiscounts(59.97, 50, 20)).toEqual({ coupon: 50, reward: 9.97 });
  });
});

describe('API error messages', () => {
  it("a rejected request shows the server's message, entities decoded", () => {
    const error = new ApiError('Coupon &quot;XYZ&quot; does not exist!', 400, 'invalid_coupon');
    expect(apiErrorMessage(error, 'coupon service')).toBe('Coupon "XYZ" does not exist!');
  });

  it('a timeout says the service was slow', () => {
    expect(
      apiErrorMessage(new ApiError('The server took too long to answer.', 0, 'timeout'), 'shop'),
    ).toBe('The shop took too long to answer. Please try again in a moment.');
  });

  it.each([
    new ApiError('The server could not be reached.', 0, 'network_error'),
    new ApiError('Internal error', 500, 'internal_server_error'),
    new ApiError('Request failed (404).', 404, 'http_error'),
    new ApiError('The server sent an unreadable answer.', 200, 'invalid_json'),
    new TypeError('boom'),
  ])('anything else says the service is unavailable (%p)', (error) => {
    expect(apiErrorMessage(error, 'shop')).toBe(
      'The shop is not available right now. Please try again in a moment.',
    );
  });
});

describe('confirmed coupon', () => {
  it("takes the server's code, else what was typed", () => {
    expect(confirmedCoupon({ code: 'welcome10', amount: '10.00' }, 'WELCOME10')).toEqual({
      couponName: 'welcome10',
      amount: '10.00',
    });
    expect(confirmedCoupon({ amount: '10.00' }, 'WELCOME10').couponName).toBe('WELCOME10');
    expect(confirmedCoupon(null, 'WELCOME10')).toEqual({
      couponName: 'WELCOME10',
      amount: undefined,
    });
  });
});
