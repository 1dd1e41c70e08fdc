import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, safeStorage } from 'shared-store';
import { mockFetch, renderWithProviders, userLoggedIn } from 'shared-store/testing';
import CartPage from '../CartPage';
import { cartWaitingOnOrder, jsonBody, plab1, seedState } from '../testSupport';
import { CANCEL_FAILED_MESSAGE } from './PendingOrders';

const PENDING = '/api/shop/orders/pending';
const PAY_URL = 'http://localhost/checkout/order-pay/901/?key=wc_order_abc';

/** Order 901: PLAB 1 with £15 of points off, waiting for payment. */
const heldOrder = {
  id: 901,
  status: 'pending',
  total: '44.97',
  currency: 'GBP',
  payment_url: PAY_URL,
  reward: { points: 1500, amount: '15.00' },
  line_items: [{ name: 'PLAB 1 - 3 Months', quantity: 3 }],
};

const notice = () =>
  within(screen.getByRole('region', { name: 'An order is waiting for payment' }));
const rewards = () => within(screen.getByRole('region', { name: 'Reward points' }));

afterEach(() => {
  safeStorage.removeItem(STORAGE_KEYS.token);
});

/** A learner whose points order 901 holds; cancelling it gives them back. */
function learnerWithHeldPoints(cancel: () => { status?: number; body: unknown }) {
  safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
  const state = { cancelled: false };
  const posted: { url: string; token: string | null; body: unknown }[] = [];
  const mocked = mockFetch({
    [PENDING]: () => ({ body: state.cancelled ? [] : [heldOrder] }),
    '/api/shop/orders/901/cancellation': ({ url, init }) => {
      posted.push({
        url,
        token: new Headers(init.headers).get('Authorization'),
        body: jsonBody(init),
      });
      const answer = cancel();
      state.cancelled = answer.status === undefined;
      return answer;
    },
    '/api/shop/rewards': () => ({
      body: state.cancelled
        ? { points: 1500, value: 15, points_per_pound: 100 }
        : { points: 0, value: 0, points_per_pound: 100 },
    }),
    '/api/shop/customer': () => ({ body: { email: 'learner@example.com' } }),
  });
  const rendered = renderWithProviders(<CartPage />, {
    preloadedState: seedState([plab1], (dispatch) => dispatch(userLoggedIn())),
  });
  return { ...rendered, posted, ...mocked };
}

describe('an unpaid order holding the shopper’s points or places', () => {
  it('is shown with what it holds, Pay now to its payment page, and the balance says the points are held (never "no reward points yet")', async () => {
    const { unhandled } = learnerWithHeldPoints(() => ({ body: {} }));
    expect(
      await screen.findByRole('region', { name: 'An order is waiting for payment' }),
    ).toBeVisible();
    expect(notice().getByText(/\) is waiting for payment\./)).toHaveTextContent(
      'Order #901 (£44.97) is waiting for payment.',
    );
    expect(
      notice().getByText(
        'It holds 1,500 of your reward points (£15.00) until you pay for it or cancel it.',
      ),
    ).toBeVisible();
    expect(notice().getByText('3 × PLAB 1 - 3 Months')).toBeVisible();
    expect(notice().getByRole('link', { name: 'Pay now for order #901' })).toHaveAttribute(
      'href',
      PAY_URL,
    );
    expect(
      await rewards().findByText(
        'Your 1,500 points are held by an order waiting for payment: pay for it or cancel it to use them.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('You have no reward points yet.')).not.toBeInTheDocument();
    expect(unhandled).toEqual([]);
  });

  it('Cancel order (by keyboard) cancels it through the gateway with the learner’s token: the notice goes, the points are back', async () => {
    const { user, posted } = learnerWithHeldPoints(() => ({
      body: { id: 901, status: 'cancelled' },
    }));
    const cancel = await screen.findByRole('button', { name: 'Cancel order #901' });
    cancel.focus();
    await user.keyboard('{Enter}');
    expect(await rewards().findByText('You have 1,500 points, worth £15.00.')).toBeVisible();
    await waitFor(() => {
      expect(
        screen.queryByRole('region', { name: 'An order is waiting for payment' }),
      ).not.toBeInTheDocument();
    });
    expect(posted).toEqual([
      {
        url: '/api/shop/orders/901/cancellation',
        token: 'Bearer jwt-learner',
        body: {},
      },
    ]);
  });

  it('a cancellation that fails says so and keeps the order shown', async () => {
    const { user } = learnerWithHeldPoints(() => ({
      status: 502,
      body: { code: 'upstream_unavailable', message: 'No', data: { status: 502 } },
    }));
    await user.click(await screen.findByRole('button', { name: 'Cancel order #901' }));
    expect(await notice().findByRole('alert')).toHaveTextContent(CANCEL_FAILED_MESSAGE);
    expect(notice().getByRole('button', { name: 'Cancel order #901' })).toBeEnabled();
  });

  it('a visitor’s cart that placed an order asks for this browser’s unpaid orders (no token) and shows the places one holds', async () => {
    const asked: string[] = [];
    mockFetch({
      [PENDING]: ({ url, init }) => {
        asked.push(`${url} ${String(new Headers(init.headers).get('Authorization'))}`);
        return { body: [{ ...heldOrder, reward: null }] };
      },
      '/api/shop/orders/': () => ({ body: { id: 901, status: 'pending', total: '59.97' } }),
    });
    renderWithProviders(<CartPage />, { preloadedState: cartWaitingOnOrder(901) });
    expect(
      await screen.findByText('It holds your places until you pay for it or cancel it.'),
    ).toBeVisible();
    expect(asked).toEqual([`${PENDING} null`]);
  });

  it.each([
    ['later today', 0, '14:32'],
    ['on another day', 1, '14:32 on '],
  ])(
    'says by when it must be paid before it is cancelled and gives back what it holds (%s, by the shopper’s clock)',
    async (_when, days, shown) => {
      const due = new Date();
      due.setDate(due.getDate() + days);
      due.setHours(14, 32, 0, 0);
      const dayShown =
        days === 0
          ? ''
          : `${String(due.getDate())} ${due.toLocaleDateString('en-GB', { month: 'long' })}`;
      mockFetch({
        [PENDING]: () => ({
          body: [
            { ...heldOrder, expires_at: due.toISOString() },
            { ...heldOrder, id: 902, reward: null, expires_at: due.toISOString() },
          ],
        }),
        '/api/shop/orders/': () => ({ body: { id: 901, status: 'pending', total: '59.97' } }),
      });
      renderWithProviders(<CartPage />, { preloadedState: cartWaitingOnOrder(901) });
      const list = within(
        await screen.findByRole('region', { name: 'Orders waiting for payment' }),
      );
      expect(
        list.getByText(
          `It holds 1,500 of your reward points (£15.00) until you pay for it or cancel it. If it is not paid by ${shown}${dayShown}, we cancel it and they come back to you.`,
        ),
      ).toBeVisible();
      expect(
        list.getByText(
          `It holds your places until you pay for it or cancel it. If it is not paid by ${shown}${dayShown}, we cancel it and they go back.`,
        ),
      ).toBeVisible();
    },
  );
});
