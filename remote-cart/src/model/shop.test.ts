import { ApiError } from 'shared-store';
import { createReader, mockFetch } from 'shared-store/testing';
import { PRICE_CHANGED_ANSWER } from '../testSupport';
import { cartReads, commerceApi as commerce, priceChangeOf, type OrderRequest } from './shop';

/** A new page's reads. */
const read = () => createReader().read;

const request: OrderRequest = {
  email: 'dr.patel@nhs.net',
  lines: [
    { product_id: 3103, variation_id: 310303, quantity: 3 },
    { product_id: 4101, quantity: 1 },
  ],
  coupon: 'WELCOME10',
  reward: 5,
  expected_total: '194.97',
};

const priceChanged = PRICE_CHANGED_ANSWER;

function header(init: RequestInit | undefined, name: string): string | undefined {
  return new Headers(init?.headers).get(name) ?? undefined;
}

describe('the shop API', () => {
  it('names no WooCommerce path and sends no WooCommerce key', async () => {
    const { calls } = mockFetch({
      '/api/shop/orders/501': () => ({ body: { id: 501, status: 'pending' } }),
      '/api/shop/rewards': () => ({ body: { points: 0, value: 0 } }),
      '/api/shop/': () => ({ body: [] }),
    });
    await commerce.applyCoupon('WELCOME10', 59.97);
    await commerce.createOrder(request);
    await read()(cartReads.order, { id: 501 });
    await read()(cartReads.rewards, 'jwt');
    expect(calls).toEqual([
      '/api/shop/coupons',
      '/api/shop/orders',
      '/api/shop/orders/501',
      '/api/shop/rewards',
    ]);
    expect(calls.join(' ')).not.toMatch(/wc\/v3|consumer_(key|secret)/);
  });

  it("an order sends the lines, coupon, reward and expected total with the learner's token; the server decides status and payment", async () => {
    const { fetchMock } = mockFetch({ '/api/shop/orders': () => ({ status: 201, body: {} }) });
    await commerce.createOrder(request, 'jwt');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(init?.body as string)).toEqual(request);
    expect(header(init, 'Authorization')).toBe('Bearer jwt');
  });

  it('an order names its checkout attempt in an Idempotency-Key header, and only when given one', async () => {
    const { fetchMock } = mockFetch({ '/api/shop/orders': () => ({ status: 201, body: {} }) });
    await commerce.createOrder(request, 'jwt', '0f9e8d7c6b5a49382716abcdef012345');
    await commerce.createOrder(request, 'jwt');
    const [withKey, withoutKey] = fetchMock.mock.calls.map(([, init]) => init);
    expect(header(withKey, 'Idempotency-Key')).toBe('0f9e8d7c6b5a49382716abcdef012345');
    expect(header(withKey, 'Authorization')).toBe('Bearer jwt');
    expect(header(withoutKey, 'Idempotency-Key')).toBeUndefined();
  });

  it("a visitor's order and order read carry no token", async () => {
    const { fetchMock } = mockFetch({
      '/api/shop/orders/501': () => ({ body: { id: 501, status: 'pending' } }),
      '/api/shop/orders': () => ({ status: 201, body: {} }),
    });
    await commerce.createOrder({ ...request, reward: undefined });
    await read()(cartReads.order, { id: 501 });
    for (const [, init] of fetchMock.mock.calls) {
      expect(header(init, 'Authorization')).toBeUndefined();
    }
  });

  it("one's own order is read with the learner's token", async () => {
    const { fetchMock } = mockFetch({
      '/api/shop/orders/501': () => ({ body: { id: 501, status: 'pending' } }),
    });
    await expect(read()(cartReads.order, { id: 501, token: 'jwt' })).resolves.toMatchObject({
      id: 501,
      status: 'pending',
    });
    expect(header(fetchMock.mock.calls[0]?.[1], 'Authorization')).toBe('Bearer jwt');
  });

  it("the reward balance is read with the learner's token", async () => {
    const balance = { points: 1500, value: 15, points_per_pound: 100 };
    const { fetchMock } = mockFetch({ '/api/shop/rewards': () => ({ body: balance }) });
    await expect(read()(cartReads.rewards, 'jwt')).resolves.toEqual(balance);
    expect(header(fetchMock.mock.calls[0]?.[1], 'Authorization')).toBe('Bearer jwt');
  });

  it.each([[{ points: '1500', value: 15 }], [{ points: 1500 }], [[]]])(
    'a reward balance without numeric points and value (%p) is none',
    async (body) => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      mockFetch({ '/api/shop/rewards': () => ({ body }) });
      await expect(read()(cartReads.rewards, 'jwt')).resolves.toBeNull();
      expect(warn).toHaveBeenCalledTimes(1);
      warn.mockRestore();
    },
  );
});

describe('price changed', () => {
  it("a 409 price_changed answer gives the server's new prices and totals", async () => {
    mockFetch({ '/api/shop/orders': () => ({ status: 409, body: priceChanged }) });
    const failure: unknown = await commerce.createOrder(request).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 409, code: 'price_changed' });
    expect(priceChangeOf(failure)).toEqual({
      total: '44.99',
      subtotal: '54.99',
      discount: '10.00',
      reward: '0.00',
      lines: [{ product_id: 3103, variation_id: 310303, price: '54.99' }],
    });
  });

  it('a simple product without a variation id is variation 0; a line without a product id is dropped', () => {
    const error = new ApiError('Prices have changed.', 409, 'price_changed', {
      total: 150,
      lines: [{ product_id: 4101, price: 150 }, { product_id: '9' }, null],
    });
    expect(priceChangeOf(error)).toEqual({
      total: '150',
      subtotal: '0',
      discount: '0',
      reward: '0',
      lines: [{ product_id: 4101, variation_id: 0, price: '150' }],
    });
  });

  it.each([
    ['another status', new ApiError('Invalid coupon.', 400, 'price_changed', priceChanged.data)],
    ['another code', new ApiError('Conflict.', 409, 'conflict', priceChanged.data)],
    ['no lines', new ApiError('Prices have changed.', 409, 'price_changed', { total: '1.00' })],
    ['not an API error', new Error('price_changed')],
  ])('%s is not a price change', (_case, error) => {
    expect(priceChangeOf(error)).toBeNull();
  });
});
