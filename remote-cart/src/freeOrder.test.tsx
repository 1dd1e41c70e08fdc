import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockFetch, renderWithProviders, type MockHandler } from 'shared-store/testing';
import CartPage from './CartPage';
import { couponApplied, selectCartItems, selectPendingOrder } from './model/cartSlice';
import OrderReceivedPage from './OrderReceivedPage';
import { catchPageLeaving, cut, inProgressAnswer, plab1, seedState } from './testSupport';

const ID = 601;
const ORDERS = '/api/shop/orders';
const ORDER = `${ORDERS}/${String(ID)}`;

/** The order BIGSAVE makes of three PLAB 1 lines: £59.97 before the coupon, £0.00 after. */
const created = {
  id: ID,
  status: 'pending',
  total: '0.00',
  currency: 'GBP',
  payment_url: `http://localhost/checkout/order-pay/${String(ID)}/?pay_for_order=true&key=wc_order_abc`,
};

const completedAnswer = { status: 201, body: { ...created, status: 'processing' } };

const paidOrder = {
  ...created,
  status: 'processing',
  date_created: '2026-11-23T10:00:00',
  date_paid: '2026-11-23T10:00:02',
  email: 'dr.patel@nhs.net',
  subtotal: '59.97',
  line_items: [{ name: 'PLAB 1 - 3 Months', quantity: 3, subtotal: '59.97', total: '0.00' }],
  coupons: [{ code: 'BIGSAVE', discount: '59.97' }],
  reward: null,
};

const assign = catchPageLeaving();

/** The shop: one order created per request, its completions answered in turn. */
function shop(
  completions: MockHandler[],
  orders: MockHandler = () => ({ status: 201, body: created }),
) {
  const counts = { orders: 0, completions: 0 };
  mockFetch({
    [`${ORDER}/free-completion`]: (request) => {
      counts.completions += 1;
      const answer = completions[counts.completions - 1];
      if (!answer) throw new Error('a completion nobody expected');
      return answer(request);
    },
    [`${ORDER}/tracking`]: () => ({ status: 201, body: { reported: true } }),
    [ORDER]: () => ({ body: paidOrder }),
    [ORDERS]: (request) => {
      counts.orders += 1;
      return orders(request);
    },
  });
  return counts;
}

/** A visitor's cart of three PLAB 1 lines with BIGSAVE applied (£0.00), at checkout. */
async function checkOutFreeCart() {
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
      <Route path="/checkout/order-received/:id" element={<OrderReceivedPage />} />
    </Routes>,
    {
      route: '/cart',
      preloadedState: seedState([plab1], (dispatch) => {
        dispatch(couponApplied({ amount: '5000', couponName: 'BIGSAVE' }));
      }),
    },
  );
  await rendered.user.type(screen.getByLabelText('Email for your receipt'), 'dr.patel@nhs.net');
  await rendered.user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
  return rendered;
}

describe('a free order (£0.00: a coupon or points took it all)', () => {
  it('is completed by the shop, never sent to the payment page, and lands on its confirmation: paid, with its coupon; the cart empties', async () => {
    const counts = shop([() => completedAnswer]);
    const { store } = await checkOutFreeCart();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order received' });
    // Checkout's button left with the cart page: focus is on what the page says.
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('Paid (nothing to pay)');
    expect(screen.getByRole('row', { name: 'Coupon BIGSAVE −£59.97' })).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
    expect(counts).toEqual({ orders: 1, completions: 1 });
    await waitFor(() => {
      expect(selectCartItems(store.getState())).toEqual([]);
    });
    expect(selectPendingOrder(store.getState())).toBeNull();
  });

  it('a completion cut off on the way: the learner reads what happened, and trying again completes the same order (no second order)', async () => {
    const counts = shop([cut, () => ({ status: 200, body: { ...created, status: 'processing' } })]);
    const { user, store } = await checkOutFreeCart();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not complete your free order #601. The shop is not available right now. Please try again in a moment. Nothing will be charged.',
    );
    expect(selectPendingOrder(store.getState())?.id).toBe(ID);
    expect(selectCartItems(store.getState())).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
    expect(counts).toEqual({ orders: 1, completions: 2 });
    expect(assign).not.toHaveBeenCalled();
  });

  it('told another request is completing it, the learner reads so, and the next try asks again for the same order', async () => {
    const inProgress = inProgressAnswer(
      'Your order is already being completed. Please wait a moment, then try again.',
    );
    const counts = shop([() => inProgress, () => completedAnswer]);
    const { user } = await checkOutFreeCart();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Your order is already being completed\. Please wait a moment, then try again\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
    expect(counts).toEqual({ orders: 1, completions: 2 });
  });

  it('an order the shop will not complete (it has something to pay): said, and the next checkout is a new order', async () => {
    const notFree = {
      status: 409,
      body: {
        code: 'order_not_free',
        message: 'This order has an amount to pay, so it cannot be completed without payment.',
        data: { status: 409 },
      },
    };
    const counts = shop([() => notFree, () => completedAnswer]);
    const { user } = await checkOutFreeCart();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not complete your free order #601. This order has an amount to pay, so it cannot be completed without payment.',
    );
    await user.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
    expect(counts).toEqual({ orders: 2, completions: 2 });
  });
});
