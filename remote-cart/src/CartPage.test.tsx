import { screen } from '@testing-library/react';
import { itemAdded, makeStore } from 'shared-store';
import { renderWithProviders } from 'shared-store/testing';
import CartPage from './CartPage';

describe('CartPage', () => {
  it('lists every line with its price and shows the total to the penny', () => {
    const seed = makeStore();
    seed.dispatch(
      itemAdded({
        id: 1,
        slug: 'plab-1',
        month: '3 Months',
        quantity: 3,
        price: 19.99,
        title: 'PLAB 1',
      }),
    );
    renderWithProviders(<CartPage />, { preloadedState: seed.getState() });
    expect(screen.getByRole('cell', { name: 'PLAB 1' })).toBeVisible();
    expect(screen.getByRole('cell', { name: '3 Months' })).toBeVisible();
    expect(screen.getByRole('cell', { name: '£19.99' })).toBeVisible();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£59.97');
  });

  it('an empty cart links to the courses section', () => {
    renderWithProviders(<CartPage />);
    expect(screen.getByText('Your cart is empty.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse our courses' })).toHaveAttribute(
      'href',
      '/#courses-section',
    );
  });
});
