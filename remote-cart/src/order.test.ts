import { createSafeStorage } from 'shared-store/testing';
import {
  buildOrderRequest,
  isCreatedOrder,
  paymentTarget,
  priceChangedMessage,
  readCampaignIds,
  unorderableMessage,
} from './order';
import { type CartItem } from './model/cartSlice';
import { PLAB_1_LINE } from './testSupport';

const course = PLAB_1_LINE;
const event: CartItem = {
  id: 4001,
  slug: 'mock-day',
  month: '',
  quantity: 1,
  price: 150,
  title: 'Mock Day',
  from: 'event',
  product_id: 4101,
};
const noProduct: CartItem = { id: 9, slug: 'old-course', month: '', quantity: 1, price: 5 };

const visitor = {
  email: ' dr.patel@nhs.net ',
  couponName: '',
  reward: 0,
  total: 209.97,
  loggedIn: false,
};

describe('order request', () => {
  it('sends product, variation and quantity of each line, the email, the coupon and the total shown', () => {
    expect(
      buildOrderRequest([course, event], { ...visitor, couponName: 'WELCOME10', total: 199.97 }),
    ).toEqual({
      ok: true,
      request: {
        email: 'dr.patel@nhs.net',
        lines: [
          { product_id: 3103, variation_id: 310303, quantity: 3 },
          { product_id: 4101, quantity: 1 },
        ],
        coupon: 'WELCOME10',
        expected_total: '199.97',
      },
    });
  });

  it('has no coupon without a coupon', () => {
    const built = buildOrderRequest([course], visitor);
    expect(built.ok && 'coupon' in built.request).toBe(false);
  });

  it('the expected total has 2 decimals and is never below 0.00', () => {
    const expected = (total: number) => {
      const built = buildOrderRequest([course], { ...visitor, total });
      return built.ok ? built.request.expected_total : undefined;
    };
    expect(expected(34.99)).toBe('34.99');
    expect(expected(150)).toBe('150.00');
    expect(expected(0.1 + 0.2)).toBe('0.30');
    expect(expected(-5)).toBe('0.00');
  });

  it('a reward is sent in whole pounds for a logged-in learner only', () => {
    const reward = (input: Partial<typeof visitor>) => {
      const built = buildOrderRequest([course], { ...visitor, ...input });
      return built.ok ? built.request.reward : undefined;
    };
    expect(reward({ reward: 5, loggedIn: true })).toBe(5);
    expect(reward({ reward: 14.5, loggedIn: true })).toBe(15);
    expect(reward({ reward: 5, loggedIn: false })).toBeUndefined();
    expect(reward({ reward: 0, loggedIn: true })).toBeUndefined();
  });

  it('a line without a product id cannot be ordered', () => {
    expect(buildOrderRequest([course, noProduct], visitor)).toEqual({
      ok: false,
      unorderable: [noProduct],
    });
    expect(unorderableMessage([noProduct])).toBe(
      'old-course cannot be ordered online. Please remove it from your cart to continue.',
    );
    expect(unorderableMessage([noProduct, { ...noProduct, title: 'Old MSRA' }])).toBe(
      'old-course, Old MSRA cannot be ordered online. Please remove them from your cart to continue.',
    );
  });
});

describe('price changed', () => {
  it('tells the new total and what to do', () => {
    expect(priceChangedMessage('1234.5')).toBe(
      'Prices have changed since you added these items. Your new total is £1,234.50. Please check your cart and proceed to checkout again.',
    );
  });
});

describe('campaign ids', () => {
  it("campaign ids come from storage, '' when absent", () => {
    const storage = createSafeStorage(() => undefined);
    expect(readCampaignIds(storage)).toEqual({ mc_cid: '', mc_eid: '' });
    storage.setItem('mc_cid', 'abc');
    storage.setItem('mc_eid', 'def');
    expect(readCampaignIds(storage)).toEqual({ mc_cid: 'abc', mc_eid: 'def' });
  });
});

describe('payment target', () => {
  const base = 'https://shop.example.test/cart';

  it.each([
    ['https://pay.example.test/order-pay/1?key=k', 'https://pay.example.test/order-pay/1?key=k'],
    ['http://127.0.0.1:8090/checkout/order-pay/1/', 'http://127.0.0.1:8090/checkout/order-pay/1/'],
    ['/checkout/order-pay/1/?key=k', 'https://shop.example.test/checkout/order-pay/1/?key=k'],
  ])('goes to http(s) and same-origin URLs: %p', (url, expected) => {
    expect(paymentTarget(url, base)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' java\nscript:alert(1)',
    'data:text/html,<script>',
    'mailto:a@b.co',
    '',
    '#',
    42,
    undefined,
  ])('refuses anything else: %p', (url) => {
    expect(paymentTarget(url, base)).toBeNull();
  });
});

describe('created order', () => {
  it('needs a whole id, a total and a payment URL', () => {
    expect(isCreatedOrder({ id: 501, total: '9.99', payment_url: '/pay' })).toBe(true);
    expect(isCreatedOrder(null)).toBe(false);
    expect(isCreatedOrder('ok')).toBe(false);
    expect(isCreatedOrder({ id: '501', total: '9.99', payment_url: '/pay' })).toBe(false);
    expect(isCreatedOrder({ id: 501, total: 9.99, payment_url: '/pay' })).toBe(false);
    expect(isCreatedOrder({ id: 501, total: '9.99' })).toBe(false);
  });
});
