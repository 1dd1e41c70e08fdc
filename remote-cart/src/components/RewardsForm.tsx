import { useId, useState, type SyntheticEvent } from 'react';
import {
  formatPrice,
  rewardApplied,
  rewardRemoved,
  selectRewardAmount,
  useAppDispatch,
  useAppSelector,
} from 'shared-store';
import { parseWholePounds } from '../cartHelpers';
import { FieldMessage } from './FieldMessage';

export const REWARD_AMOUNT_ERROR = 'Enter a whole number of pounds, 1 or more (for example 5).';

/** Reward points for logged-in learners: whole pounds off the total, applied and removed here. */
export function RewardsForm() {
  const dispatch = useAppDispatch();
  const reward = useAppSelector(selectRewardAmount);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = parseWholePounds(value);
    if (amount === null) {
      setError(REWARD_AMOUNT_ERROR);
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
      {reward > 0 ? (
        <div className="cart-applied">
          <p>
            <strong>{formatPrice(reward)}</strong> of reward points applied
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
      )}
    </section>
  );
}
