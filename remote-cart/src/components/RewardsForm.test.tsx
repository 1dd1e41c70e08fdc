import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS, safeStorage, type AppDispatch } from 'shared-store';
import {
  mockFetch,
  renderWithProviders,
  type MockHandler,
  userLoggedIn,
} from 'shared-store/testing';
import CartPage from '../CartPage';
import { plab1, seedState, NO_PENDING_ORDERS } from '../testSupport';
import { REWARD_AMOUNT_ERROR, REWARD_BALANCE_ERROR } from './RewardsForm';
import { couponApplied, selectRewardAmount } from '../model/cartSlice';

const REWARDS = '/api/shop/rewards';
const learnerBalance = { points: 1500, value: 15, points_per_pound: 100 };
const total = () => screen.getByTestId('cart-total');
const rewards = () => within(screen.getByRole('region', { name: 'Reward points' }));
const rewardField = () => screen.findByLabelText('Reward points to use (£)');

afterEach(() => {
  safeStorage.removeItem(STORAGE_KEYS.token);
  jest.restoreAllMocks();
});

function renderLoggedIn(
  handler: MockHandler = () => ({ body: learnerBalance }),
  setup?: (dispatch: AppDispatch) => void,
) {
  safeStorage.setItem(STORAGE_KEYS.token, 'jwt-learner');
  const tokens: (string | undefined)[] = [];
  const { unhandled } = mockFetch({
    ...NO_PENDING_ORDERS,
    [REWARDS]: (request) => {
      tokens.push(new Headers(request.init.headers).get('Authorization') ?? undefined);
      return handler(request);
    },
    // Checkout fills in the learner's receipt address.
    '/api/shop/customer': () => ({ body: { email: 'learner@example.com' } }),
  });
  const rendered = renderWithProviders(<CartPage />, {
    preloadedState: seedState([plab1], (dispatch) => {
      dispatch(userLoggedIn());
      setup?.(dispatch);
    }),
  });
  return { ...rendered, tokens, unhandled };
}

async function applyReward(user: ReturnType<typeof renderLoggedIn>['user'], typed: string) {
  await user.type(await rewardField(), typed);
  await user.click(rewards().getByRole('button', { name: 'Apply' }));
}

describe('reward points', () => {
  it("the learner's balance is read with their token and shown in points and pounds", async () => {
    const { tokens, unhandled } = renderLoggedIn();
    expect(await rewards().findByText('You have 1,500 points, worth £15.00.')).toBeVisible();
    expect(tokens).toEqual(['Bearer jwt-learner']);
    expect(unhandled).toEqual([]);
  });

  it('whole pounds of reward points lower the total and can be removed', async () => {
    const { user, store } = renderLoggedIn();
    await applyReward(user, '5');
    expect(selectRewardAmount(store.getState())).toBe(5);
    expect(total()).toHaveTextContent('£54.97');
    expect(
      within(screen.getByRole('region', { name: 'Order summary' })).getByText('Reward points')
        .nextSibling,
    ).toHaveTextContent('−£5.00');
    expect(rewards().getByText('of reward points applied')).toHaveTextContent(
      '£5.00 of reward points applied',
    );
    await user.click(screen.getByRole('button', { name: 'Remove reward points' }));
    expect(total()).toHaveTextContent('£59.97');
    expect(await rewardField()).toBeVisible();
  });

  it('the whole balance can be used', async () => {
    const { user, store } = renderLoggedIn();
    await applyReward(user, '15');
    expect(selectRewardAmount(store.getState())).toBe(15);
    expect(total()).toHaveTextContent('£44.97');
  });

  it('more than the balance is refused with what can be used', async () => {
    const { user, store } = renderLoggedIn();
    await applyReward(user, '16');
    expect(rewards().getByRole('alert')).toHaveTextContent(
      'You can use up to £15.00 of reward points.',
    );
    expect(await rewardField()).toHaveAccessibleDescription(
      'You can use up to £15.00 of reward points.',
    );
    expect(selectRewardAmount(store.getState())).toBe(0);
    expect(total()).toHaveTextContent('£59.97');
  });

  it('a reward larger than what the coupon left is used up to that, bringing the total to £0.00', async () => {
    const { user } = renderLoggedIn(
      () => ({ body: { points: 10000, value: 100, points_per_pound: 100 } }),
      (dispatch) => dispatch(couponApplied({ amount: '50.00', couponName: 'HALF' })),
    );
    await applyReward(user, '15');
    expect(total()).toHaveTextContent('£0.00');
    expect(
      within(screen.getByRole('region', { name: 'Order summary' })).getByText('Reward points')
        .nextSibling,
    ).toHaveTextContent('−£9.97');
    expect(rewards().getByText('of reward points applied')).toHaveTextContent(
      '£9.97 of reward points applied',
    );
  });

  it.each(['-5', 'ten', '2.50', '0'])('%p is refused with a message', async (typed) => {
    const { user, store } = renderLoggedIn();
    const field = await rewardField();
    await user.type(field, `${typed}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent(REWARD_AMOUNT_ERROR);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue(typed);
    expect(selectRewardAmount(store.getState())).toBe(0);
    expect(total()).toHaveTextContent('£59.97');
  });

  it('a balance of 0 says there are no points yet and offers nothing to apply', async () => {
    renderLoggedIn(() => ({ body: { points: 0, value: 0, points_per_pound: 100 } }));
    expect(await rewards().findByText('You have no reward points yet.')).toBeVisible();
    expect(screen.queryByLabelText('Reward points to use (£)')).not.toBeInTheDocument();
  });

  it('a balance that cannot be read says so and offers nothing to apply', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderLoggedIn(() => ({
      status: 502,
      body: { code: 'upstream_error', message: 'Bad gateway', data: { status: 502 } },
    }));
    expect(await rewards().findByText(REWARD_BALANCE_ERROR)).toBeVisible();
    expect(screen.queryByLabelText('Reward points to use (£)')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load /api/shop/rewards:', expect.anything());
  });

  it('without a stored token the balance is not asked for and cannot be used', () => {
    const { fetchMock } = mockFetch({ ...NO_PENDING_ORDERS });
    renderWithProviders(<CartPage />, {
      preloadedState: seedState([plab1], (dispatch) => dispatch(userLoggedIn())),
    });
    expect(rewards().getByText(REWARD_BALANCE_ERROR)).toBeVisible();
    expect(screen.queryByLabelText('Reward points to use (£)')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
