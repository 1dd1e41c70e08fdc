import { useId, useState, type SyntheticEvent } from 'react';
import { useAppDispatch, useAppSelector } from 'shared-store';
import { apiErrorMessage, confirmedCoupon } from '../cartHelpers';
import { useSingleFlight } from '../hooks';
import { FieldMessage } from './FieldMessage';
import { couponApplied, couponRemoved, selectCoupon, selectSubtotal } from '../model/cartSlice';
import { commerceApi } from '../model/shop';

/**
 * One coupon at a time: the code is checked by WooCommerce (through the gateway) against the
 * subtotal; a rejected code shows the server's message, a slow or dead service says so, and the
 * typed code stays in the field. An applied coupon is shown with a Remove button.
 */
export function CouponForm() {
  const dispatch = useAppDispatch();
  const couponName = useAppSelector((state) => selectCoupon(state).name);
  const subtotal = useAppSelector(selectSubtotal);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const { pending, run, isMounted } = useSingleFlight();

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError('Please enter a coupon code.');
      return;
    }
    setError('');
    setNotice('');
    void run(async () => {
      try {
        const result = await commerceApi.applyCoupon(typed, subtotal);
        const coupon = confirmedCoupon(result, typed);
        dispatch(couponApplied(coupon));
        if (isMounted()) {
          setCode('');
          setNotice(`Coupon ${coupon.couponName} applied.`);
        }
      } catch (failure) {
        if (isMounted()) setError(apiErrorMessage(failure, 'coupon service'));
      }
      return false;
    });
  }

  function remove() {
    dispatch(couponRemoved());
    setNotice(`Coupon ${couponName} removed.`);
  }

  return (
    <section className="cart-panel cart-coupon" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-panel-title">
        Coupon
      </h2>
      {couponName ? (
        <div className="cart-applied">
          <p>
            Coupon <strong>{couponName}</strong> applied
          </p>
          <button type="button" className="cart-link-button" onClick={remove}>
            Remove<span className="cart-visually-hidden"> coupon {couponName}</span>
          </button>
        </div>
      ) : (
        <form className="cart-inline-form" onSubmit={submit} noValidate>
          <label htmlFor={inputId}>Coupon code</label>
          <div className="cart-inline-row">
            <input
              id={inputId}
              className="cart-input"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={100}
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setCode(event.target.value);
              }}
            />
            <button type="submit" className="cart-button" disabled={pending}>
              {pending ? 'Applying…' : 'Apply'}
            </button>
          </div>
          <FieldMessage id={errorId} error={error} />
        </form>
      )}
      <p className="cart-notice" role="status">
        {notice}
      </p>
    </section>
  );
}
