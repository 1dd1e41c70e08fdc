import { useId, useRef, useState, type SyntheticEvent } from 'react';
import {
  STORAGE_KEYS,
  safeStorage,
  selectIsLoggedIn,
  useAppSelector,
  useRead,
  validateEmail,
} from 'shared-store';
import { cartReads } from '../model/shop';
import { buildOrderRequest, unorderableMessage } from '../order';
import { usePlaceOrder } from '../usePlaceOrder';
import { FieldMessage } from './FieldMessage';
import {
  selectCartItems,
  selectCoupon,
  selectRewardAmount,
  selectTotalAmount,
} from '../model/cartSlice';

/**
 * The address the shop keeps for a logged-in learner's receipts, '' for a visitor or while it is
 * unknown.
 */
function useLearnerEmail(loggedIn: boolean): string {
  const [token] = useState(() => safeStorage.getItem(STORAGE_KEYS.token));
  const answer = useRead(cartReads.customer, loggedIn && token ? token : null);
  const email = answer.status === 'ready' ? answer.data?.email : undefined;
  return typeof email === 'string' && validateEmail(email) === null ? email : '';
}

/**
 * The hand-off to payment: the email is checked (a learner's own is filled in until they type
 * another), then a pending order is asked for with the lines, the coupon, a logged-in learner's
 * reward and token, and the total the cart shows (the server refuses it when its prices differ).
 * One order per click burst.
 */
export function CheckoutForm() {
  const lines = useAppSelector(selectCartItems);
  const couponName = useAppSelector((state) => selectCoupon(state).name);
  const reward = useAppSelector(selectRewardAmount);
  const total = useAppSelector(selectTotalAmount);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const titleId = useId();
  const emailId = useId();
  const emailErrorId = useId();
  const emailInput = useRef<HTMLInputElement>(null);
  const learnerEmail = useLearnerEmail(loggedIn);
  // What the learner typed, once they have: until then, their own address.
  const [typed, setEmail] = useState<string | null>(null);
  const email = typed ?? learnerEmail;
  const [emailError, setEmailError] = useState('');
  const { pending, error, setError, placeOrder } = usePlaceOrder();

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const invalid = validateEmail(email);
    if (invalid) {
      setEmailError(invalid);
      emailInput.current?.focus();
      return;
    }
    setEmailError('');
    const built = buildOrderRequest(lines, { email, couponName, reward, total, loggedIn });
    if (!built.ok) {
      setError(unorderableMessage(built.unorderable));
      return;
    }
    setError('');
    const token = loggedIn ? safeStorage.getItem(STORAGE_KEYS.token) : null;
    void placeOrder({ request: built.request, token, lines });
  }

  return (
    <section className="cart-panel cart-checkout" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-panel-title">
        Checkout
      </h2>
      <form className="cart-checkout-form" onSubmit={submit} noValidate>
        <label htmlFor={emailId}>Email for your receipt</label>
        <input
          ref={emailInput}
          id={emailId}
          className="cart-input"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? emailErrorId : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <FieldMessage id={emailErrorId} error={emailError} />
        <button type="submit" className="cart-button cart-button-primary" disabled={pending}>
          Proceed to checkout
        </button>
        <p className="cart-notice" role="status">
          {pending ? 'Creating your order…' : ''}
        </p>
        {error && (
          <p className="cart-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
