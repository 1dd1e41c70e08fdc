import { useId, useState, type SyntheticEvent } from 'react';
import { formatPrice, useAppDispatch, useAppSelector } from 'shared-store';
import {
  appliedDiscounts,
  parseWholePounds,
  rewardBalanceText,
  rewardLimitText,
} from '../cartHelpers';
import { useRewardBalance, type RewardBalanceState } from '../useRewardBalance';
import { FieldMessage } from './FieldMessage';
import {
  rewardApplied,
  rewardRemoved,
  selectCoupon,
  selectRewardAmount,
  selectSubtotal,
} from '../model/cartSlice';

export const REWARD_AMOUNT_ERROR = 'Enter a whole number of pounds, 1 or more (for example 5).';
const REWARD_BALANCE_LOADING = 'Checking your reward points…';
export const REWARD_BALANCE_ERROR =
  'Your reward points could not be read right now, so they cannot be used on this order. Please try again later.';

function balanceNote(state: RewardBalanceState, held: number): string {
  if (state.status === 'loading') return REWARD_BALANCE_LOADING;
  if (state.status === 'failed') return REWARD_BALANCE_ERROR;
  return rewardBalanceText(state.balance, held);
}

/**
 * Reward points for logged-in learners: their balance, and whole pounds of it off the total, at
 * most the balance's value. What the coupon left of the total caps the reward as it is used (the
 * summary and the server apply the coupon first, then the reward). `held` points are those unpaid
 * orders hold: the balance says so rather than that there are none.
 */
export function RewardsForm({ held = 0 }: { held?: number }) {
  const dispatch = useAppDispatch();
  const balance = useRewardBalance();
  const reward = useAppSelector(selectRewardAmount);
  const subtotal = useAppSelector(selectSubtotal);
  const coupon = useAppSelector((state) => selectCoupon(state).amount);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const usable = balance.status === 'ready' && balance.balance.points > 0 ? balance.balance : null;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!usable) return;
    const amount = parseWholePounds(value);
    if (amount === null) {
      setError(REWARD_AMOUNT_ERROR);
      return;
    }
    if (amount > usable.value) {
      setError(rewardLimitText(usable.value));
      return;
    }
    setError('');
    setValue('');
    dispatch(rewardApplied({ amount }));
  }

  return (
    <section className="cart-panel cart-rewards" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-panel-title">
        Reward points
      </h2>
      <p className="cart-notice" role="status">
        {balanceNote(balance, held)}
      </p>
      {reward > 0 ? (
        <div className="cart-applied">
          <p>
            <strong>{formatPrice(appliedDiscounts(subtotal, coupon, reward).reward)}</strong> of
            reward points applied
          </p>
          <button
            type="button"
            className="cart-link-button"
            onClick={() => {
              dispatch(rewardRemoved());
            }}
          >
            Remove<span className="cart-visually-hidden"> reward points</span>
          </button>
        </div>
      ) : (
        usable && (
          <form className="cart-inline-form" onSubmit={submit} noValidate>
            <label htmlFor={inputId}>Reward points to use (£)</label>
            <div className="cart-inline-row">
              <input
                id={inputId}
                className="cart-input cart-input-short"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={8}
                value={value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  setValue(event.target.value);
                }}
              />
              <button type="submit" className="cart-button">
                Apply
              </button>
            </div>
            <FieldMessage id={errorId} error={error} />
          </form>
        )
      )}
    </section>
  );
}
