import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { STORAGE_KEYS, makeStore, safeStorage } from 'shared-store';
import {
  mockFetch,
  renderWithProviders,
  userLoggedIn,
  type MockHandler,
} from 'shared-store/testing';
import { selectCartItems, selectPendingOrder, selectTotalQuantity } from './model/cartSlice';
import OrderReceivedPage, { UNREADABLE_ORDER } from './OrderReceivedPage';
import { cartWaitingOnOrder } from './testSupport';

const PENDING_ID = 501;

function order(id: number, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    status,
    total: '59.97',
    currency: 'GBP',
    date_created: '2026-11-23T10:00:00',
    line_items: [{ name: 'PLAB 1 - 3 Months', quantity: 3, total: '59.97' }],
    ...extra,
  };
}

function answering(id: number, handler: MockHandler) {
  return mockFetch({ [`/api/shop/orders/${String(id)}`]: handler });
}

function renderPage(
  id: number | string,
  preloadedState = cartWaitingOnOrder(PENDING_ID),
  query = '?key=wc_order_abc',
) {
  return renderWithProviders(
    <Routes>
      <Route path="/checkout/order-received/:id" element={<OrderReceivedPage />} />
      <Route path="/cart" element={<p>The cart page</p>} />
      <Route path="/my-courses" element={<p>My courses page</p>} />
    </Routes>,
    { route: `/checkout/order-received/${String(id)}/${query}`, preloadedState },
  );
}

afterEach(() => {
  safeStorage.removeItem(STORAGE_KEYS.token);
});

describe('the order-received page', () => {
  it.each(['processing', 'completed', 'on-hold'])(
    'a paid order (%s): thanks the learner with the order’s lines and total, and what was ordered leaves the cart',
    async (status) => {
      const { calls } = answering(PENDING_ID, () => ({ body: order(PENDING_ID, status) }));
      const { store } = renderPage(PENDING_ID);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Order received' }),
      ).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent(
        'Thank you. Your order #501 has been received.',
      );
      const table = within(screen.getByRole('table'));
      expect(table.getByRole('row', { name: 'PLAB 1 - 3 Months 3 £59.97' })).toBeVisible();
      expect(screen.getByTestId('order-received-total')).toHaveTextContent('£59.97');
      expect(document.title).toBe('Order received | Arora Medical Education');
      expect(calls).toEqual(['/api/shop/orders/501?key=wc_order_abc']);
      // The cart settles in an effect of the answer's render, which may follow its paint.
      await waitFor(() => {
        expect(selectCartItems(store.getState())).toEqual([]);
      });
      expect(selectTotalQuantity(store.getState())).toBe(0);
      expect(selectPendingOrder(store.getState())).toBeNull();
    },
  );

  describe('the confirmation of a paid order', () => {
    /** A £119.99 course bought with PLAB20 (−£24.00) and 1,000 points (−£10.00). */
    const discounted = (status = 'processing') =>
      order(PENDING_ID, status, {
        total: '85.99',
        date_paid: status === 'on-hold' ? null : '2026-11-23T10:05:00',
        email: 'dr.patel@nhs.net',
        subtotal: '119.99',
        line_items: [
          { name: 'PLAB 1 Online Course', quantity: 1, subtotal: '119.99', total: '95.99' },
        ],
        coupons: [{ code: 'PLAB20', discount: '24.00' }],
        reward: { points: 1000, amount: '10.00' },
      });

    it('shows each line with its discount, the coupon and points used, the paid status and day, what happens next and the way to My courses', async () => {
      answering(PENDING_ID, () => ({ body: discounted() }));
      const { user } = renderPage(PENDING_ID);
      const heading = await screen.findByRole('heading', { level: 1, name: 'Order received' });
      // Loaded afresh (back from the payment page), it is read from the top: focus is not moved.
      expect(heading).not.toHaveFocus();
      const table = within(screen.getByRole('table'));
      expect(
        table.getByRole('row', {
          name: 'PLAB 1 Online Course £119.99 less £24.00 discount 1 £95.99',
        }),
      ).toBeVisible();
      expect(table.getByRole('row', { name: 'Subtotal £119.99' })).toBeVisible();
      expect(table.getByRole('row', { name: 'Coupon PLAB20 −£24.00' })).toBeVisible();
      expect(
        table.getByRole('row', { name: 'Reward points (1,000 points) −£10.00' }),
      ).toBeVisible();
      expect(screen.getByTestId('order-received-total')).toHaveTextContent('£85.99');
      expect(screen.getByTestId('order-payment-status')).toHaveTextContent(/^Paid$/);
      expect(screen.getByText('Paid on').nextElementSibling).toHaveTextContent('23 November 2026');
      const next = within(screen.getByRole('region', { name: 'What happens next' }));
      expect(next.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'To start your course, log in (or sign up) with dr.patel@nhs.net, then open My courses.',
        'Your receipt is on its way to dr.patel@nhs.net.',
      ]);
      await user.click(next.getByRole('link', { name: 'Go to My courses' }));
      expect(screen.getByText('My courses page')).toBeVisible();
    });

    it('a learner’s course is ready in My courses', async () => {
      answering(PENDING_ID, () => ({ body: discounted() }));
      renderPage(
        PENDING_ID,
        cartWaitingOnOrder(PENDING_ID, { setup: (store) => store.dispatch(userLoggedIn()) }),
      );
      const next = within(await screen.findByRole('region', { name: 'What happens next' }));
      expect(next.getAllByRole('listitem')[0]).toHaveTextContent(
        'Your course is ready in My courses: open it there to start learning.',
      );
    });

    it('a payment still being confirmed (on-hold) says so, and when the course and the e-mail come', async () => {
      answering(PENDING_ID, () => ({ body: discounted('on-hold') }));
      renderPage(
        PENDING_ID,
        cartWaitingOnOrder(PENDING_ID, { setup: (store) => store.dispatch(userLoggedIn()) }),
      );
      expect(await screen.findByTestId('order-payment-status')).toHaveTextContent(
        'Payment being confirmed',
      );
      expect(screen.queryByText('Paid on')).not.toBeInTheDocument();
      const next = within(screen.getByRole('region', { name: 'What happens next' }));
      expect(next.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Your course will open in My courses as soon as your payment is confirmed.',
        'We will e-mail dr.patel@nhs.net when your payment is confirmed.',
      ]);
    });

    it('parts of the answer that are malformed are left out, never guessed: the lines and total still show', async () => {
      answering(PENDING_ID, () => ({
        body: order(PENDING_ID, 'completed', {
          email: 'not an address <script>',
          coupons: 'PLAB20',
          reward: { points: 'many', amount: 'x' },
          date_paid: 'yesterday',
        }),
      }));
      renderPage(PENDING_ID);
      await screen.findByRole('heading', { level: 1, name: 'Order received' });
      expect(screen.getAllByRole('row')).toHaveLength(3);
      expect(screen.getByTestId('order-received-total')).toHaveTextContent('£59.97');
      expect(screen.queryByText('Paid on')).not.toBeInTheDocument();
      expect(
        screen.getByText(/Your receipt is on its way to the e-mail address you gave us\./),
      ).toBeVisible();
    });
  });

  it('reads the order with the learner’s token when logged in (the gateway shows an order to its customer)', async () => {
    safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
    const { fetchMock } = answering(PENDING_ID, () => ({ body: order(PENDING_ID, 'processing') }));
    renderPage(
      PENDING_ID,
      cartWaitingOnOrder(PENDING_ID, { setup: (store) => store.dispatch(userLoggedIn()) }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Order received' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt-learner');
  });

  it('a visitor’s read carries no token (the gateway knows the browser by its cookie)', async () => {
    safeStorage.setItem(STORAGE_KEYS.token, 'left-over');
    const { fetchMock } = answering(PENDING_ID, () => ({ body: order(PENDING_ID, 'processing') }));
    renderPage(PENDING_ID);
    await screen.findByRole('heading', { level: 1, name: 'Order received' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
  });

  describe('the confirmation link opened in another browser (its key, WooCommerce’s order key)', () => {
    const PAY_URL = `http://localhost/checkout/order-pay/${String(PENDING_ID)}/?pay_for_order=true&key=wc_order_abc`;

    it('the order is read with the key exactly as the link spells it; a link without one sends none', async () => {
      const { calls } = answering(PENDING_ID, () => ({ body: order(PENDING_ID, 'processing') }));
      const { unmount } = renderPage(PENDING_ID, makeStore().getState(), '?key=wc_order_a%2Bb%20');
      await screen.findByRole('heading', { level: 1, name: 'Order received' });
      unmount();
      renderPage(PENDING_ID, makeStore().getState(), '');
      await screen.findByRole('heading', { level: 1, name: 'Order received' });
      expect(calls).toEqual(['/api/shop/orders/501?key=wc_order_a%2Bb+', '/api/shop/orders/501']);
    });

    it('a learner logged in with another account (the link opened by its key) is told which account the course is in', async () => {
      answering(PENDING_ID, () => ({ body: order(PENDING_ID, 'processing') }));
      const store = makeStore();
      store.dispatch(userLoggedIn());
      renderPage(PENDING_ID, store.getState());
      const next = within(await screen.findByRole('region', { name: 'What happens next' }));
      expect(next.getAllByRole('listitem')[0]).toHaveTextContent(
        'To start your course, log in (or sign up) with the e-mail address you gave us, then open My courses.',
      );
    });

    it('a paid order is confirmed without where its receipt went, and a cart that is not waiting on it is left as it is', async () => {
      answering(PENDING_ID, () => ({ body: order(PENDING_ID, 'processing') }));
      const { store } = renderPage(PENDING_ID, cartWaitingOnOrder(777));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Order received' }),
      ).toBeVisible();
      expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent(
        'Your receipt is on its way to the e-mail address you gave us.',
      );
      expect(screen.queryByRole('link', { name: /^Pay for/ })).not.toBeInTheDocument();
      expect(selectTotalQuantity(store.getState())).toBe(3);
      expect(selectPendingOrder(store.getState())?.id).toBe(777);
    });

    it.each([
      ['pending', 'Awaiting payment', 'Your order #501 is awaiting payment.'],
      [
        'failed',
        'Payment not completed',
        'Your payment did not go through. Your cart is as you left it.',
      ],
    ])(
      'a %s order says so and offers its own payment page or the cart, never a new order',
      async (status, heading, says) => {
        const { calls } = answering(PENDING_ID, () => ({
          body: order(PENDING_ID, status, { payment_url: PAY_URL }),
        }));
        const { store } = renderPage(PENDING_ID, makeStore().getState());
        expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(screen.getByText(says)).toBeVisible();
        expect(screen.getByRole('link', { name: 'Pay for order #501' })).toHaveAttribute(
          'href',
          PAY_URL,
        );
        expect(screen.getByRole('link', { name: 'Return to your cart' })).toHaveAttribute(
          'href',
          '/cart',
        );
        expect(calls).toEqual(['/api/shop/orders/501?key=wc_order_abc']);
        expect(selectCartItems(store.getState())).toEqual([]);
      },
    );

    it('a payment address that is not a web address is not offered', async () => {
      answering(PENDING_ID, () => ({
        body: order(PENDING_ID, 'pending', { payment_url: 'javascript:alert(1)' }),
      }));
      renderPage(PENDING_ID, makeStore().getState());
      await screen.findByRole('heading', { level: 1, name: 'Awaiting payment' });
      expect(screen.queryByRole('link', { name: /^Pay for/ })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return to your cart' })).toBeVisible();
    });

    it('a wrong key: the order is not found, and nothing of it is shown', async () => {
      answering(PENDING_ID, () => ({
        status: 404,
        body: { code: 'order_not_found', message: 'Order not found.', data: { status: 404 } },
      }));
      renderPage(PENDING_ID, makeStore().getState(), '?key=wc_order_wrong');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Order not found' }),
      ).toBeVisible();
      expect(screen.getByRole('alert')).toHaveTextContent(
        'We could not find order #501. Please check that the link is the one in your confirmation.',
      );
      expect(screen.getByRole('link', { name: 'Return to your cart' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });

  it('a pending order: it awaits payment, links back to the cart, and the cart keeps its lines and its order', async () => {
    answering(PENDING_ID, () => ({ body: order(PENDING_ID, 'pending') }));
    const { store, user } = renderPage(PENDING_ID);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Awaiting payment' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Your order #501 is awaiting payment.');
    expect(selectTotalQuantity(store.getState())).toBe(3);
    expect(selectPendingOrder(store.getState())?.id).toBe(PENDING_ID);
    await user.click(screen.getByRole('link', { name: 'Return to your cart' }));
    expect(screen.getByText('The cart page')).toBeVisible();
  });

  it.each(['cancelled', 'failed'])(
    'a %s order: the payment did not go through, the cart is as it was and stops waiting on the order',
    async (status) => {
      answering(PENDING_ID, () => ({ body: order(PENDING_ID, status) }));
      const { store } = renderPage(PENDING_ID);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Payment not completed' }),
      ).toBeVisible();
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your payment did not go through. Your cart is as you left it.',
      );
      expect(screen.getByRole('link', { name: 'Return to your cart' })).toHaveAttribute(
        'href',
        '/cart',
      );
      expect(selectCartItems(store.getState())).toEqual([
        expect.objectContaining({ id: 2103, quantity: 3 }),
      ]);
      await waitFor(() => {
        expect(selectPendingOrder(store.getState())).toBeNull();
      });
    },
  );

  it('a read that fails: a clear message and Try again, the cart untouched; the retry that reads it paid settles the cart', async () => {
    let reads = 0;
    answering(PENDING_ID, () => {
      reads += 1;
      return reads === 1
        ? {
            status: 502,
            body: { code: 'upstream_unavailable', message: 'The shop could not be reached.' },
          }
        : { body: order(PENDING_ID, 'completed') };
    });
    const { store, user } = renderPage(PENDING_ID);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not check your order #501 just now.');
    expect(alert).toHaveTextContent('Your cart has not changed.');
    expect(selectTotalQuantity(store.getState())).toBe(3);
    expect(selectPendingOrder(store.getState())?.id).toBe(PENDING_ID);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order received' })).toBeVisible();
    expect(reads).toBe(2);
    expect(selectTotalQuantity(store.getState())).toBe(0);
  });

  it('an answer about another order is not taken as this one’s', async () => {
    answering(PENDING_ID, () => ({ body: order(777, 'processing') }));
    const { store } = renderPage(PENDING_ID);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREADABLE_ORDER);
    expect(selectTotalQuantity(store.getState())).toBe(3);
  });

  it('another order’s payment does not touch the cart, which still waits on its own order', async () => {
    answering(777, () => ({ body: order(777, 'processing') }));
    const { store } = renderPage(777);
    await screen.findByRole('heading', { level: 1, name: 'Order received' });
    expect(selectTotalQuantity(store.getState())).toBe(3);
    expect(selectPendingOrder(store.getState())?.id).toBe(PENDING_ID);
  });

  it('shows the shop’s text as plain text, never as markup', async () => {
    answering(PENDING_ID, () => ({
      body: order(PENDING_ID, 'processing', {
        line_items: [
          {
            name: '<img src=x onerror="window.hacked=1"> PLAB &amp; more',
            quantity: 1,
            total: '5.00',
          },
        ],
      }),
    }));
    renderPage(PENDING_ID);
    expect(await screen.findByRole('cell', { name: 'PLAB & more' })).toBeVisible();
    expect(document.body.querySelector('img')).toBeNull();
  });

  it('an order link that names no order asks for nothing and says so', () => {
    const { fetchMock } = mockFetch({});
    const { store } = renderPage('abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('This order link is not valid.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(selectPendingOrder(store.getState())?.id).toBe(PENDING_ID);
  });
});
