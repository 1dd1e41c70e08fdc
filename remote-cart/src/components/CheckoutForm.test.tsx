import { act, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, STORAGE_KEYS, safeStorage } from 'shared-store';
import {
  mockFetch,
  recordAnalytics,
  renderWithProviders,
  type AnalyticsRecording,
  type MockHandler,
  makeStore,
  userLoggedIn,
} from 'shared-store/testing';
import CartPage from '../CartPage';
import {
  MOCK_EXAM_ITEM,
  PLAB_1_ITEM,
  catchPageLeaving,
  jsonBody,
  mockExam,
  plab1,
  seedState,
  NO_PENDING_ORDERS,
} from '../testSupport';
import { PAYMENT_PAGE_ERROR, UNREADABLE_ORDER_ERROR } from '../usePlaceOrder';
import {
  couponApplied,
  rewardApplied,
  selectPendingOrder,
  itemAdded,
  selectCart,
} from '../model/cartSlice';
import { PRICE_CHANGED_ANSWER } from '../testSupport';
import { type WcOrder } from '../data/orders';

const ORDERS = '/api/shop/orders';
const REWARDS = '/api/shop/rewards';
const CUSTOMER = '/api/shop/customer';
/** The address the shop keeps for the logged-in learner's receipts. */
const LEARNER_EMAIL = 'asha.learner@nhs.net';

const order: WcOrder = {
  id: 501,
  status: 'pending',
  total: '199.97',
  currency: 'GBP',
  payment_url: 'http://localhost/checkout/order-pay/501/?pay_for_order=true&key=wc_order_abc',
};

const withCoupon = () =>
  seedState([plab1, mockExam], (dispatch) => {
    dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
  });

const assign = catchPageLeaving();
/** What analytics was told (begin_checkout is the form's). */
let analytics: AnalyticsRecording;
/** The checkouts analytics was told of. */
const checkouts = () => analytics.named('begin_checkout');

beforeEach(() => {
  analytics = recordAnalytics();
});

afterEach(() => {
  analytics.stop();
  jest.restoreAllMocks();
  safeStorage.removeItem(STORAGE_KEYS.token);
});

/**
 * The shop as checkout calls it: orders (and the reward balance). Any other call (an order
 * tracking before the order is paid, say) is none of its handlers', and fails the test.
 */
function backend(handlers: { orders?: MockHandler; customer?: MockHandler } = {}) {
  const orderBodies: unknown[] = [];
  const orderTokens: (string | undefined)[] = [];
  const { fetchMock } = mockFetch({
    ...NO_PENDING_ORDERS,
    [REWARDS]: () => ({ body: { points: 1500, value: 15, points_per_pound: 100 } }),
    [CUSTOMER]: handlers.customer ?? (() => ({ body: { email: LEARNER_EMAIL } })),
    [ORDERS]: (request) => {
      orderBodies.push(jsonBody(request.init));
      orderTokens.push(new Headers(request.init.headers).get('Authorization') ?? undefined);
      return handlers.orders ? handlers.orders(request) : { status: 201, body: order };
    },
  });
  return { orderBodies, orderTokens, fetchMock };
}

function renderCart(preloadedState = withCoupon()) {
  const rendered = renderWithProviders(<CartPage />, { preloadedState });
  const proceed = screen.getByRole('button', { name: 'Proceed to checkout' });
  return { ...rendered, proceed, before: selectCart(rendered.store.getState()) };
}

describe('checkout', () => {
  it('creates the order, keeps it as the order the cart waits on, hands the browser to its payment page and tells analytics of the hand-off; nothing is tracked before it is paid', async () => {
    const { orderBodies, orderTokens, fetchMock } = backend();
    const { user, store, proceed, before } = renderCart();
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.click(proceed);

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(order.payment_url);
    });
    expect(orderBodies).toEqual([
      {
        email: 'dr.patel@nhs.net',
        lines: [
          { product_id: 3103, variation_id: 310303, quantity: 3 },
          { product_id: 4101, quantity: 1 },
        ],
        coupon: 'WELCOME10',
        expected_total: '199.97',
      },
    ]);
    expect(orderTokens).toEqual([undefined]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(checkouts()).toEqual([
      {
        event: 'begin_checkout',
        ecommerce: {
          currency: 'GBP',
          value: 199.97,
          coupon: 'WELCOME10',
          items: [PLAB_1_ITEM, MOCK_EXAM_ITEM],
        },
      },
    ]);
    expect(selectPendingOrder(store.getState())?.id).toBe(order.id);
    expect(JSON.parse(selectCart(store.getState()).orderData)).toMatchObject(order);
    expect(selectCart(store.getState()).cartData).toEqual(before.cartData);
    expect(proceed).toBeDisabled();
  });

  it("a logged-in learner's order carries their token and the reward they applied", async () => {
    safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
    const { orderBodies, orderTokens } = backend();
    const state = seedState([plab1, mockExam], (dispatch) => {
      dispatch(userLoggedIn());
      dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
      dispatch(rewardApplied({ amount: 5 }));
    });
    const { user, proceed } = renderCart(state);
    await waitFor(() => {
      expect(screen.getByLabelText('Email for your receipt')).toHaveValue(LEARNER_EMAIL);
    });
    await user.click(proceed);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(order.payment_url);
    });
    expect(orderBodies).toEqual([
      expect.objectContaining({ coupon: 'WELCOME10', reward: 5, expected_total: '194.97' }),
    ]);
    expect(orderTokens).toEqual(['Bearer jwt-learner']);
  });

  describe('the receipt address', () => {
    const asLearner = () => {
      safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
      return seedState([plab1], (dispatch) => dispatch(userLoggedIn()));
    };

    it('a learner’s own e-mail is filled in, read with their token, and sent with the order', async () => {
      const tokens: (string | null)[] = [];
      const { orderBodies } = backend({
        customer: ({ init }) => {
          tokens.push(init.headers.get('Authorization'));
          return { body: { email: LEARNER_EMAIL } };
        },
      });
      const { user, proceed } = renderCart(asLearner());
      await waitFor(() => {
        expect(screen.getByLabelText('Email for your receipt')).toHaveValue(LEARNER_EMAIL);
      });
      expect(tokens).toEqual(['Bearer jwt-learner']);
      await user.click(proceed);
      await waitFor(() => {
        expect(assign).toHaveBeenCalledWith(order.payment_url);
      });
      expect(orderBodies).toEqual([expect.objectContaining({ email: LEARNER_EMAIL })]);
    });

    it('an address the learner types instead is theirs to keep: the one filled in never overwrites it', async () => {
      let answer: (value: { body: unknown }) => void = () => undefined;
      const { orderBodies } = backend({
        customer: () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      });
      const { user, proceed } = renderCart(asLearner());
      const field = screen.getByLabelText('Email for your receipt');
      await user.type(field, 'work@nhs.net');
      answer({ body: { email: LEARNER_EMAIL } });
      await user.click(proceed);
      await waitFor(() => {
        expect(assign).toHaveBeenCalled();
      });
      expect(field).toHaveValue('work@nhs.net');
      expect(orderBodies).toEqual([expect.objectContaining({ email: 'work@nhs.net' })]);
    });

    it('an address the shop cannot give leaves the field for the learner to fill in', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      backend({ customer: () => ({ status: 502, body: { code: 'upstream_unavailable' } }) });
      const { user, proceed } = renderCart(asLearner());
      await waitFor(() => {
        expect(warn).toHaveBeenCalledWith('Could not load /api/shop/customer:', expect.anything());
      });
      await user.click(proceed);
      expect(screen.getByLabelText('Email for your receipt')).toHaveValue('');
      expect(screen.getByText(MESSAGES.emailRequired)).toBeVisible();
    });
  });

  it('prices changed since the cart was filled: the cart takes the new prices, says the new total and stays; the next click sends it', async () => {
    const state = seedState([{ ...plab1, quantity: 1 }], (dispatch) => {
      dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
    });
    const answers: ReturnType<MockHandler>[] = [
      { status: 409, body: PRICE_CHANGED_ANSWER },
      { status: 201, body: { ...order, total: '44.99' } },
    ];
    const { orderBodies } = backend({
      orders: () => answers.shift() ?? { status: 500, body: undefined },
    });
    const { user, store, proceed } = renderCart(state);
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.click(proceed);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Prices have changed since you added these items. Your new total is £44.99. Please check your cart and proceed to checkout again.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(checkouts()).toEqual([]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£44.99');
    const line = within(screen.getByRole('listitem', { name: 'PLAB 1' }));
    expect(line.getAllByText('£54.99')).toHaveLength(2);
    expect(selectCart(store.getState())).toMatchObject({
      couponName: 'WELCOME10',
      discountedCouponAmount: 10,
      totalAmount: 44.99,
    });
    expect(proceed).toBeEnabled();

    await user.click(proceed);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(order.payment_url);
    });
    expect(orderBodies.map((body) => (body as { expected_total: string }).expected_total)).toEqual([
      '9.99',
      '44.99',
    ]);
    expect(checkouts()).toHaveLength(1);
    expect(checkouts()[0]).toMatchObject({ ecommerce: { value: 44.99 } });
  });

  it('begin_checkout is told before the browser leaves for the payment page, not after', async () => {
    backend();
    /** The checkouts told when the page started leaving. */
    let toldWhenLeaving: unknown[] | undefined;
    assign.mockImplementationOnce(() => {
      toldWhenLeaving = checkouts();
    });
    const { user, proceed } = renderCart();
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.click(proceed);

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(order.payment_url);
    });
    expect(toldWhenLeaving).toEqual([expect.objectContaining({ event: 'begin_checkout' })]);
    expect(checkouts()).toHaveLength(1);
  });

  it('a double click creates one order, and one hand-off', async () => {
    const { orderBodies } = backend();
    const { user, proceed } = renderCart();
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.dblClick(proceed);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledTimes(1);
    });
    expect(orderBodies).toHaveLength(1);
    expect(checkouts()).toHaveLength(1);
  });

  it('two submits in the same tick create one order', async () => {
    const { orderBodies } = backend();
    const { user, proceed } = renderCart();
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    const form = proceed.closest('form');
    act(() => {
      form?.requestSubmit();
      form?.requestSubmit();
    });
    await waitFor(() => {
      expect(assign).toHaveBeenCalledTimes(1);
    });
    expect(orderBodies).toHaveLength(1);
  });

  it.each([
    [
      'the server rejects the order',
      {
        status: 400,
        body: { code: 'woocommerce_rest_invalid_coupon', message: 'Invalid coupon.' },
      },
      'We could not create your order. Invalid coupon.',
    ],
    [
      'the shop is down',
      { status: 502, body: undefined },
      'We could not create your order. The shop is not available right now. Please try again in a moment.',
    ],
  ])('%s: a message, and the cart stays exactly as it was', async (_case, reply, message) => {
    backend({ orders: () => reply });
    const { user, store, proceed, before } = renderCart();
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.click(proceed);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(selectCart(store.getState())).toEqual(before);
    expect(checkouts()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(proceed).toBeEnabled();
    expect(screen.getByLabelText('Email for your receipt')).toHaveValue('dr.patel@nhs.net');
  });

  it('an unreadable order answer: a message, no hand-off, the cart as it was', async () => {
    backend({ orders: () => ({ status: 201, body: { id: 'x' } }) });
    const { user, store, proceed, before } = renderCart();
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.click(proceed);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREADABLE_ORDER_ERROR);
    expect(checkouts()).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(selectCart(store.getState())).toEqual(before);
  });

  it('a payment URL that is not http(s) is never opened', async () => {
    backend({
      orders: () => ({ status: 201, body: { ...order, payment_url: 'javascript:alert(1)' } }),
    });
    const { user, store, proceed, before } = renderCart();
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.click(proceed);
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_PAGE_ERROR);
    expect(assign).not.toHaveBeenCalled();
    expect(checkouts()).toEqual([]);
    expect(selectCart(store.getState())).toEqual(before);
  });

  it.each([
    ['', MESSAGES.emailRequired],
    ['dr.patel@nhs', MESSAGES.invalidEmail],
  ])('an invalid email (%p) is refused before anything is sent', async (typed, message) => {
    const { fetchMock } = backend();
    const { user, proceed } = renderCart();
    const field = screen.getByLabelText('Email for your receipt');
    if (typed) await user.type(field, typed);
    await user.click(proceed);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a line without a product id cannot be ordered: it says so and sends nothing', async () => {
    const { fetchMock } = backend();
    const store = makeStore();
    store.dispatch(itemAdded(plab1));
    store.dispatch(
      itemAdded({ id: 77, slug: 'old-msra', month: '', quantity: 1, price: 10, title: 'Old MSRA' }),
    );
    const { user, proceed } = renderCart(store.getState());
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.click(proceed);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Old MSRA cannot be ordered online. Please remove it from your cart to continue.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
