import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders, type MockAnswer } from 'shared-store/testing';
import CartPage from './CartPage';
import { catchPageLeaving, cut, inProgressAnswer, mockExam, plab1, seedState } from './testSupport';
import { couponApplied } from './model/cartSlice';
import { type WcOrder } from './data/orders';

const ORDERS = '/api/shop/orders';

const placed: WcOrder = {
  id: 501,
  status: 'pending',
  total: '209.97',
  currency: 'GBP',
  payment_url: 'http://localhost/checkout/order-pay/501/?pay_for_order=true&key=wc_order_abc',
};

const assign = catchPageLeaving();

/** The shop answering each order request in turn; returns the Idempotency-Key each one named. */
function shop(answers: (() => MockAnswer | Response)[]) {
  const keys: (string | null)[] = [];
  mockFetch({
    [ORDERS]: ({ init }) => {
      keys.push(init.headers.get('Idempotency-Key'));
      const answer = answers[keys.length - 1];
      if (!answer) throw new Error('an order nobody expected');
      return answer();
    },
  });
  return keys;
}

async function checkout(email = 'dr.patel@nhs.net') {
  const rendered = renderWithProviders(<CartPage />, {
    preloadedState: seedState([plab1, mockExam]),
  });
  await rendered.user.type(screen.getByLabelText('Email for your receipt'), email);
  const proceed = screen.getByRole('button', { name: 'Proceed to checkout' });
  return { ...rendered, proceed };
}

describe('each checkout attempt names itself (Idempotency-Key)', () => {
  it('trying again after a cut connection is the same attempt: the same key, one order', async () => {
    const keys = shop([cut, () => ({ status: 201, body: placed })]);
    const { user, proceed } = await checkout();
    await user.click(proceed);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not create your order. The shop is not available right now. Please try again in a moment.',
    );
    await user.click(proceed);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(placed.payment_url);
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('told the order is still being placed, the learner reads so, and the next try is the same attempt', async () => {
    const inProgress = inProgressAnswer(
      'Your order is still being placed. Please wait a moment, then try again.',
    );
    const keys = shop([cut, () => inProgress, () => ({ status: 201, body: placed })]);
    const { user, proceed } = await checkout();
    await user.click(proceed);
    await screen.findByRole('alert');
    await user.click(proceed);
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Your order is still being placed\. Please wait a moment, then try again\.$/,
      );
    });
    await user.click(proceed);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(placed.payment_url);
    });
    expect(new Set(keys).size).toBe(1);
  });

  it('a changed order, or the same one after the shop refused it, is a new attempt with a new key', async () => {
    const refused = {
      status: 409,
      body: {
        code: 'reward_in_use',
        message:
          'Your reward points are being used by another order. Please try again in a moment.',
        data: { status: 409 },
      },
    };
    const keys = shop([cut, () => refused, () => ({ status: 201, body: placed })]);
    const { user, proceed } = await checkout('dr.patel@nhs.net');
    await user.click(proceed);
    await screen.findByRole('alert');
    const email = screen.getByLabelText('Email for your receipt');
    await user.clear(email);
    await user.type(email, 'dr.shah@nhs.net');
    await user.click(proceed);
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('being used by another order');
    });
    await user.click(proceed);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(placed.payment_url);
    });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('more than the shop sells (409 quantity_limit)', () => {
  const refusal = {
    status: 409,
    body: {
      code: 'quantity_limit',
      message:
        'PLAB 2 Mock Day: only 16 left. PLAB 1 can be bought only once per order. Please change your cart and try again.',
      data: {
        status: 409,
        limits: [
          { product_id: 4101, variation_id: 0, max_quantity: 16, reason: 'stock' },
          { product_id: 3103, variation_id: 310303, max_quantity: 1, reason: 'sold_individually' },
        ],
      },
    },
  };

  it('says why and what to do; each line shows its limit, keeps its quantity, and cannot be raised', async () => {
    shop([() => refusal]);
    const rendered = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1, { ...mockExam, quantity: 21 }]),
    });
    const { user } = rendered;
    await user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not create your order. PLAB 2 Mock Day: only 16 left. PLAB 1 can be bought only once per order. Please change your cart and try again.',
    );
    expect(screen.getByText('Only 16 places left. Please lower the quantity to 16.')).toBeVisible();
    expect(screen.getByText('One per order. Please lower the quantity to 1.')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Quantity of PLAB 2 Mock Day' })).toHaveTextContent(
      '21',
    );
    expect(screen.getByRole('group', { name: 'Quantity of PLAB 1' })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Increase quantity of PLAB 1' })).toBeDisabled();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('a coupon the shop refuses at checkout (400 coupon_refused)', () => {
  it('says why and what to do, and keeps the lines and the coupon for the learner to remove', async () => {
    shop([
      () => ({
        status: 400,
        body: {
          code: 'coupon_refused',
          message:
            'This coupon has expired. Please remove the coupon SPRING from your cart to place your order without it.',
          data: { status: 400 },
        },
      }),
    ]);
    const rendered = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1], (dispatch) => {
        dispatch(couponApplied({ amount: '5', couponName: 'SPRING' }));
      }),
    });
    await rendered.user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
    await rendered.user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not create your order. This coupon has expired. Please remove the coupon SPRING from your cart to place your order without it.',
    );
    expect(screen.getByRole('group', { name: 'Quantity of PLAB 1' })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Remove coupon SPRING' })).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
  });
});
