import { screen, within } from '@testing-library/react';
import { selectRewardAmount, userLoggedIn } from 'shared-store';
import { renderWithProviders } from 'shared-store/testing';
import CartPage from '../CartPage';
import { plab1, seedState } from '../testSupport';
import { REWARD_AMOUNT_ERROR } from './RewardsForm';

const total = () => screen.getByTestId('cart-total');

function renderLoggedIn() {
  return renderWithProviders(<CartPage />, {
    preloadedState: seedState([plab1], (dispatch) => dispatch(userLoggedIn())),
  });
}

describe('reward points', () => {
  it('whole pounds of reward points lower the total and can be removed', async () => {
    const { user, store } = renderLoggedIn();
    await user.type(screen.getByLabelText('Reward points to use (£)'), '5');
    await user.click(
      within(screen.getByRole('region', { name: 'Reward points' })).getByRole('button', {
        name: 'Apply',
      }),
    );
    expect(selectRewardAmount(store.getState())).toBe(5);
    expect(total()).toHaveTextContent('£54.97');
    expect(
      within(screen.getByRole('region', { name: 'Order summary' })).getByText('Reward points')
        .nextSibling,
    ).toHaveTextContent('−£5.00');
    await user.click(screen.getByRole('button', { name: 'Remove reward points' }));
    expect(total()).toHaveTextContent('£59.97');
    expect(screen.getByLabelText('Reward points to use (£)')).toBeVisible();
  });

  it('reward points larger than the total bring it to £0.00', async () => {
    const { user } = renderLoggedIn();
    await user.type(screen.getByLabelText('Reward points to use (£)'), '100{Enter}');
    expect(total()).toHaveTextContent('£0.00');
  });

  it.each(['-5', 'ten', '2.50', '0'])('%p is refused with a message', async (typed) => {
    const { user, store } = renderLoggedIn();
    const field = screen.getByLabelText('Reward points to use (£)');
    await user.type(field, `${typed}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent(REWARD_AMOUNT_ERROR);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue(typed);
    expect(selectRewardAmount(store.getState())).toBe(0);
    expect(total()).toHaveTextContent('£59.97');
  });
});
