import { act, screen, within } from '@testing-library/react';
import {
  mockFetch,
  pendingAnswer,
  renderWithProviders,
  type MockHandler,
} from 'shared-store/testing';
import CartPage from '../CartPage';
import { jsonBody, plab1, seedState } from '../testSupport';
import { couponApplied, selectCoupon } from '../model/cartSlice';

const APPLY = '/api/shop/coupons';
const total = () => screen.getByTestId('cart-total');
const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));

function renderCart(handler: MockHandler) {
  const requests: unknown[] = [];
  mockFetch({
    [APPLY]: (request) => {
      requests.push(jsonBody(request.init));
      return handler(request);
    },
  });
  return { requests, ...renderWithProviders(<CartPage />, { preloadedState: seedState([plab1]) }) };
}

async function applyCoupon(user: ReturnType<typeof renderCart>['user'], code: string) {
  await user.type(screen.getByLabelText('Coupon code'), code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

afterEach(() => {
  jest.useRealTimers();
});

describe('coupon', () => {
  it('a valid coupon is checked against the subtotal, applied, named, and lowers the total', async () => {
    const { user, requests, store } = renderCart(() => ({
      body: { code: 'WELCOME10', amount: '10.00', discount_type: 'fixed_cart', message: 'ok' },
    }));
    await applyCoupon(user, ' welcome10 ');
    expect(await screen.findByText('Coupon WELCOME10 applied.')).toBeVisible();
    expect(requests).toEqual([{ code: 'welcome10', total: 59.97 }]);
    expect(summary().getByText('Coupon (WELCOME10)').nextSibling).toHaveTextContent('−£10.00');
    expect(total()).toHaveTextContent('£49.97');
    expect(selectCoupon(store.getState())).toEqual({ name: 'WELCOME10', amount: 10 });
  });

  it('a percentage coupon is taken of the lines as they are: 20 % of £59.97, then of £39.98 after −', async () => {
    const { user, store } = renderCart(() => ({
      body: { code: 'PLAB20', amount: '11.99', discount_type: 'percent', percent: '20.00' },
    }));
    await applyCoupon(user, 'PLAB20');
    expect(await screen.findByText('Coupon PLAB20 applied.')).toBeVisible();
    expect(total()).toHaveTextContent('£47.98');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of PLAB 1' }));
    expect(summary().getByText('Coupon (PLAB20)').nextSibling).toHaveTextContent('−£8.00');
    expect(total()).toHaveTextContent('£31.98');
    expect(selectCoupon(store.getState())).toEqual({ name: 'PLAB20', amount: 8 });
  });

  it('only one coupon at a time: an applied coupon replaces the field with Remove', async () => {
    const state = seedState([plab1], (dispatch) => {
      dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
    });
    const { user } = renderWithProviders(<CartPage />, { preloadedState: state });
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove coupon WELCOME10' }));
    expect(total()).toHaveTextContent('£59.97');
    expect(summary().queryByText(/Coupon/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toBeVisible();
    expect(screen.getByText('Coupon WELCOME10 removed.')).toHaveAttribute('role', 'status');
  });

  it("an unknown coupon shows the server's message and changes nothing", async () => {
    const { user } = renderCart(() => ({
      status: 400,
      body: { code: 'invalid_coupon', message: 'Coupon &quot;XYZ&quot; does not exist!' },
    }));
    await applyCoupon(user, 'XYZ');
    expect(await screen.findByRole('alert')).toHaveTextContent('Coupon "XYZ" does not exist!');
    expect(screen.getByLabelText('Coupon code')).toHaveValue('XYZ');
    expect(screen.getByLabelText('Coupon code')).toHaveAccessibleDescription(
      'Coupon "XYZ" does not exist!',
    );
    expect(total()).toHaveTextContent('£59.97');
  });

  it("an expired coupon shows the server's message", async () => {
    const { user } = renderCart(() => ({
      status: 400,
      body: { code: 'coupon_expired', message: 'This coupon has expired.' },
    }));
    await applyCoupon(user, 'EXPIRED2024');
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has expired.');
    expect(total()).toHaveTextContent('£59.97');
  });

  it('the coupon service down: a clear message, the typed code kept', async () => {
    const { user } = renderCart(() => ({ status: 503, body: undefined }));
    await applyCoupon(user, 'WELCOME10');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The coupon service is not available right now. Please try again in a moment.',
    );
    expect(screen.getByLabelText('Coupon code')).toHaveValue('WELCOME10');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('the coupon service too slow: the request gives up after 10 s with a clear message', async () => {
    jest.useFakeTimers();
    mockFetch({ [APPLY]: pendingAnswer });
    const { user } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1]),
      fakeTimers: true,
    });
    await applyCoupon(user, 'WELCOME10');
    expect(screen.getByRole('button', { name: 'Applying…' })).toBeDisabled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The coupon service took too long to answer. Please try again in a moment.',
    );
    expect(screen.getByLabelText('Coupon code')).toHaveValue('WELCOME10');
    expect(total()).toHaveTextContent('£59.97');
  });

  it('a coupon larger than the total brings the total to £0.00, never below', async () => {
    const { user } = renderCart(() => ({
      body: { code: 'BIGSAVE', amount: '5000.00', discount_type: 'fixed_cart' },
    }));
    await applyCoupon(user, 'BIGSAVE');
    await screen.findByText('Coupon BIGSAVE applied.');
    expect(total()).toHaveTextContent('£0.00');
    expect(summary().getByText('Coupon (BIGSAVE)').nextSibling).toHaveTextContent('−£59.97');
  });

  it('an empty code is not sent', async () => {
    const { user, requests } = renderCart(() => ({ body: {} }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a coupon code.');
    expect(requests).toEqual([]);
  });
});
