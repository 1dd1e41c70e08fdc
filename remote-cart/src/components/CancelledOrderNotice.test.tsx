import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from 'shared-store/testing';
import CartPage from '../CartPage';
import { selectCartItems, selectPendingOrder } from '../model/cartSlice';
import { cartWaitingOnOrder, NO_PENDING_ORDERS } from '../testSupport';

const PENDING_ID = 501;

// The cart asks for this browser's unpaid orders as it opens.
beforeEach(() => {
  mockFetch({ ...NO_PENDING_ORDERS });
});

function renderCart(route: string) {
  const preloadedState = cartWaitingOnOrder(PENDING_ID);
  return {
    before: preloadedState,
    ...renderWithProviders(<CartPage />, { route, preloadedState }),
  };
}

describe('the cart after WooCommerce’s cancel return', () => {
  it('says the order was cancelled, keeps every line, and stops waiting on that order', () => {
    const { store, before } = renderCart(`/cart/?cancel_order=true&order_id=${String(PENDING_ID)}`);
    const notice = screen
      .getAllByRole('status')
      .find(
        (status) => status.textContent === 'Your order was cancelled. Your cart is as you left it.',
      );
    expect(notice).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'PLAB 1' })).toBeVisible();
    expect(selectCartItems(store.getState())).toEqual(selectCartItems(before));
    expect(selectPendingOrder(store.getState())).toBeNull();
  });

  it.each([
    ['another order', '/cart/?cancel_order=true&order_id=999'],
    ['no order id', '/cart/?cancel_order=true'],
    ['an order id that is no number', '/cart/?cancel_order=true&order_id=501abc'],
  ])('a cancel return naming %s keeps waiting on the pending order', (_what, route) => {
    const { store } = renderCart(route);
    expect(
      screen.getByText('Your order was cancelled. Your cart is as you left it.'),
    ).toBeVisible();
    expect(selectPendingOrder(store.getState())?.id).toBe(PENDING_ID);
  });

  it('without cancel_order=true the cart says nothing of an order and keeps waiting on it', () => {
    const { store } = renderCart(`/cart/?cancel_order=false&order_id=${String(PENDING_ID)}`);
    expect(screen.queryByText(/Your order was cancelled/)).not.toBeInTheDocument();
    expect(selectPendingOrder(store.getState())?.id).toBe(PENDING_ID);
  });
});
