import { SAMPLE_CART, placeOrder, sampleShopPerTest } from '../test-support/shop';

/**
 * The refusals against the sample shop, WooCommerce's shapes as the real shop gives them: the
 * PLAB 2 Mock Circuit in Manchester (product 3301, £295) has 16 places left; every course is sold
 * individually.
 */
describe('what the shop would not sell, against the sample shop', () => {
  const sample = sampleShopPerTest();
  const circuit = (quantity: number) => ({
    email: SAMPLE_CART.email,
    lines: [{ product_id: 3301, quantity }],
    expected_total: (295 * quantity).toFixed(2),
  });
  const created = async () => (await sample.shop.orders()).length;

  it('21 places of an event with 16 left are refused, with the limit the cart shows; 16 are sold', async () => {
    const before = await created();
    const refused = await placeOrder(sample.gateway, circuit(21));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'quantity_limit',
      message:
        'PLAB 2 Mock Circuit — Manchester, 16 January 2027: only 16 left. Please change your cart and try again.',
      data: {
        status: 409,
        limits: [{ product_id: 3301, variation_id: 0, max_quantity: 16, reason: 'stock' }],
      },
    });
    expect(await created()).toBe(before);
    const sold = await placeOrder(sample.gateway, circuit(16));
    expect(sold.statusCode).toBe(201);
    expect(sold.json()).toMatchObject({ total: '4720.00' });
  });

  it('a course sold individually: two of one month option are refused', async () => {
    const refused = await placeOrder(sample.gateway, {
      ...SAMPLE_CART,
      lines: SAMPLE_CART.lines.map((line) => ({ ...line, quantity: 2 })),
      expected_total: '39.98',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'quantity_limit',
      data: {
        limits: [
          { product_id: 3108, variation_id: 310801, max_quantity: 1, reason: 'sold_individually' },
        ],
      },
    });
  });

  it('two requests over the limit at once are both refused, and no order is created', async () => {
    const before = await created();
    const answers = await Promise.all([
      placeOrder(sample.gateway, circuit(21)),
      placeOrder(sample.gateway, circuit(17)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([409, 409]);
    expect(await created()).toBe(before);
  });

  it('a coupon WooCommerce refuses at checkout says why and what to do; no order is created', async () => {
    const before = await created();
    const refused = await placeOrder(sample.gateway, {
      ...SAMPLE_CART,
      coupon: 'EXPIRED2024',
      expected_total: '4.99',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'coupon_refused',
      message:
        'This coupon has expired. Please remove the coupon EXPIRED2024 from your cart to place your order without it.',
    });
    expect(await created()).toBe(before);
  });
});
