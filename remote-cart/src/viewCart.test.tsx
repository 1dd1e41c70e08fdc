import { screen } from '@testing-library/react';
import { recordAnalytics, renderWithProviders } from 'shared-store/testing';
import CartPage from './CartPage';
import { MOCK_EXAM_ITEM, PLAB_1_ITEM, mockExam, plab1, seedState } from './testSupport';

describe('the cart seen', () => {
  it('the cart page with lines is a view_cart of every line, once, whatever changes after', async () => {
    const analytics = recordAnalytics();
    const { user } = renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1, mockExam]),
    });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of PLAB 1' }));
    analytics.stop();
    expect(analytics.pushed).toEqual([
      {
        event: 'view_cart',
        ecommerce: {
          currency: 'GBP',
          value: 209.97,
          items: [PLAB_1_ITEM, MOCK_EXAM_ITEM],
        },
      },
    ]);
  });

  it('an empty cart is no view_cart', () => {
    const analytics = recordAnalytics();
    renderWithProviders(<CartPage />);
    analytics.stop();
    expect(screen.getByRole('heading', { name: 'Your cart is empty.' })).toBeVisible();
    expect(analytics.pushed).toEqual([]);
  });
});
