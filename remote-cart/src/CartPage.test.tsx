import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, safeStorage } from 'shared-store';
import { mockFetch, renderWithProviders, userLoggedIn } from 'shared-store/testing';
import CartPage from './CartPage';
import { goldPackage, mockExam, plab1, seedState, NO_PENDING_ORDERS } from './testSupport';
import { couponApplied, selectCartItems, selectCart } from './model/cartSlice';

function summary() {
  return within(screen.getByRole('region', { name: 'Order summary' }));
}

afterEach(() => {
  safeStorage.removeItem(STORAGE_KEYS.token);
});

describe('cart page', () => {
  it('lists every line with its option, unit price, quantity and line total, to the penny', () => {
    renderWithProviders(<CartPage />, { preloadedState: seedState([plab1, mockExam]) });
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const first = within(screen.getByRole('listitem', { name: 'PLAB 1' }));
    expect(first.getByRole('heading', { name: 'PLAB 1' })).toBeVisible();
    expect(first.getByText('3 Months')).toBeVisible();
    expect(first.getByText('£19.99')).toBeVisible();
    expect(first.getByRole('group', { name: 'Quantity of PLAB 1' })).toHaveTextContent('3');
    expect(first.getByText('£59.97')).toBeVisible();
    const second = within(screen.getByRole('listitem', { name: 'PLAB 2 Mock Day' }));
    expect(second.getByRole('heading', { name: 'PLAB 2 Mock Day' })).toBeVisible();
    expect(second.getAllByText('£150.00')).toHaveLength(2);
  });

  it('the summary shows subtotal and total to the penny: 3 x 19.99 = £59.97', () => {
    renderWithProviders(<CartPage />, { preloadedState: seedState([plab1]) });
    expect(summary().getByText('Subtotal').nextSibling).toHaveTextContent('£59.97');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£59.97');
  });

  it('the summary shows the coupon with its name and the total after it', () => {
    const state = seedState([plab1], (dispatch) => {
      dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
    });
    renderWithProviders(<CartPage />, { preloadedState: state });
    expect(summary().getByText('Coupon (WELCOME10)').nextSibling).toHaveTextContent('−£10.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£49.97');
  });

  it('a package shows its duration choice instead of a month', async () => {
    const { fetchMock } = mockFetch({
      ...NO_PENDING_ORDERS,
      '/api/shop/products/3202/variations': () => ({ body: [] }),
    });
    renderWithProviders(<CartPage />, { preloadedState: seedState([goldPackage]) });
    const duration = screen.getByRole('group', { name: 'Duration of Gold Membership' });
    expect(within(duration).getByRole('radio', { name: '3 Months £99.99' })).toBeChecked();
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  it('reward points are offered to logged-in learners only', async () => {
    const { fetchMock } = mockFetch({
      ...NO_PENDING_ORDERS,
      '/api/shop/rewards': () => ({ body: { points: 1500, value: 15, points_per_pound: 100 } }),
      '/api/shop/customer': () => ({ body: { email: 'learner@example.com' } }),
    });
    const { unmount } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1]),
    });
    expect(screen.queryByRole('region', { name: 'Reward points' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
    renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1], (dispatch) => dispatch(userLoggedIn())),
    });
    expect(await screen.findByLabelText('Reward points to use (£)')).toBeVisible();
  });

  it('an empty cart says so and links to the courses section', () => {
    renderWithProviders(<CartPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your cart is empty.' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
      'href',
      '/#courses-section',
    );
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
  });

  it('an empty cart tells what can be added: courses, events and memberships for each exam', () => {
    renderWithProviders(<CartPage />);
    const help = screen.getByText(/^Courses, events and memberships you add will wait here/);
    expect(help).toBeVisible();
    expect(help).toHaveTextContent('UKMLA, PLAB, MSRA and MRCGP');
  });

  it('an empty cart links to the courses of each exam: UKMLA, PLAB, MSRA and MRCGP', () => {
    renderWithProviders(<CartPage />);
    const byExam = within(screen.getByRole('navigation', { name: 'Courses by exam' }));
    expect(byExam.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/search?s=UKMLA',
      '/search?s=PLAB',
      '/search?s=MSRA',
      '/search?s=MRCGP',
    ]);
    expect(byExam.getByRole('link', { name: 'PLAB courses' })).toBeVisible();
  });

  it('the empty cart illustration is decorative and has its size from the start', () => {
    const { container } = renderWithProviders(<CartPage />);
    const illustration = container.querySelector('svg');
    expect(illustration).toHaveAttribute('aria-hidden', 'true');
    expect(illustration).toHaveAttribute('width', '160');
    expect(illustration).toHaveAttribute('height', '120');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('a cart with lines shows no empty state', () => {
    renderWithProviders(<CartPage />, { preloadedState: seedState([plab1]) });
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Courses by exam' })).not.toBeInTheDocument();
  });

  it('clear cart asks first; Keep keeps every line and returns focus', async () => {
    const { user, store } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1, mockExam]),
    });
    const clear = screen.getByRole('button', { name: 'Clear cart' });
    await user.click(clear);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove every item from your cart?' });
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(clear).toHaveFocus();
    expect(selectCartItems(store.getState())).toHaveLength(2);
  });

  it('clear cart, once confirmed, empties the cart and its discounts', async () => {
    const state = seedState([plab1, mockExam], (dispatch) => {
      dispatch(couponApplied({ amount: '10.00', couponName: 'WELCOME10' }));
    });
    const { user, store } = renderWithProviders(<CartPage />, { preloadedState: state });
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Your cart is empty.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Your cart is empty.' })).toHaveFocus();
    expect(selectCart(store.getState())).toMatchObject({
      cartData: [],
      totalAmount: 0,
      couponName: '',
      discountedCouponAmount: 0,
    });
  });
});

describe('the focus after a line is removed', () => {
  const sixMonths = { ...plab1, month: '6 Months', quantity: 1, price: 29.99 };
  const msraDay = { ...mockExam, id: 4002, slug: 'msra-mock-day', title: 'MSRA Mock Day' };

  it('goes to the Remove of the next line, never to the page heading', async () => {
    const { user } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1, mockExam, msraDay]),
    });
    await user.click(screen.getByRole('button', { name: 'Remove PLAB 1' }));
    expect(screen.getByRole('button', { name: 'Remove PLAB 2 Mock Day' })).toHaveFocus();
  });

  it('goes to the Remove of the line before when the last line was removed', async () => {
    const { user } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1, mockExam]),
    });
    await user.click(screen.getByRole('button', { name: 'Remove PLAB 2 Mock Day' }));
    expect(screen.getByRole('button', { name: 'Remove PLAB 1' })).toHaveFocus();
  });

  it('goes to the next line when − at quantity 1 removed it, once confirmed', async () => {
    const { user } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([sixMonths, mockExam]),
    });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of PLAB 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('button', { name: 'Remove PLAB 2 Mock Day' })).toHaveFocus();
  });

  it('goes to the empty cart’s heading when no line is left', async () => {
    const { user } = renderWithProviders(<CartPage />, { preloadedState: seedState([plab1]) });
    await user.click(screen.getByRole('button', { name: 'Remove PLAB 1' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Your cart is empty.' })).toHaveFocus();
  });
});
