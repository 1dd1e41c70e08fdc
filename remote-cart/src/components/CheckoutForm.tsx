import { useId, useRef, useState, type SyntheticEvent } from 'react';
import {
  commerceApi,
  orderDataSet,
  safeStorage,
  selectCartItems,
  selectCoupon,
  siteApi,
  useAppDispatch,
  useAppSelector,
  validateEmail,
  type OrderRequest,
} from 'shared-store';
import { apiErrorMessage } from '../cartHelpers';
import { useSingleFlight } from '../hooks';
import { navigation } from '../navigation';
import {
  buildOrderRequest,
  buildTrackingPayload,
  isCreatedOrder,
  paymentTarget,
  readCampaignIds,
  unorderableMessage,
} from '../order';
import { FieldMessage } from './FieldMessage';

export const UNREADABLE_ORDER_ERROR =
  'We could not create your order. The shop sent an answer we could not read. Please try again.';

export const PAYMENT_PAGE_ERROR =
  'We could not open the payment page for your order. Please try again or contact us.';

/**
 * The hand-off to payment: a pending WooCommerce order is created from the lines (and the coupon),
 * the order is tracked (a tracking failure is only logged), kept in the store, and the browser
 * goes to the order's payment page. One order per click burst; any failure leaves the cart as it
 * was and says what happened.
 */
export function CheckoutForm() {
  const dispatch = useAppDispatch();
  const lines = useAppSelector(selectCartItems);
  const couponName = useAppSelector((state) => selectCoupon(state).name);
  const titleId = useId();
  const emailId = useId();
  const emailErrorId = useId();
  const emailInput = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState('');
  const [error, setError] = useState('');
  const { pending, run, isMounted } = useSingleFlight();

  async function placeOrder(address: string, request: OrderRequest) {
    let created: unknown;
    try {
      created = await commerceApi.createOrder(request);
    } catch (failure) {
      if (isMounted()) {
        setError(`We could not create your order. ${apiErrorMessage(failure, 'shop')}`);
      }
      return false;
    }
    if (!isCreatedOrder(created)) {
      if (isMounted()) setError(UNREADABLE_ORDER_ERROR);
      return false;
    }
    const order = created;
    const target = paymentTarget(order.payment_url, window.location.href);
    if (target === null) {
      if (isMounted()) setError(PAYMENT_PAGE_ERROR);
      return false;
    }
    try {
      await siteApi.trackOrder(
        buildTrackingPayload(order, lines, address, readCampaignIds(safeStorage)),
      );
    } catch (failure) {
      console.warn(`Could not track order ${String(order.id)}:`, failure);
    }
    dispatch(orderDataSet(JSON.stringify(order)));
    // A learner who has already left the cart page is not pulled away from where they are now.
    if (!isMounted()) return false;
    try {
      navigation.assign(target);
    } catch (failure) {
      console.warn(`Could not open the payment page of order ${String(order.id)}:`, failure);
      setError(PAYMENT_PAGE_ERROR);
      return false;
    }
    return true;
  }

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
    const built = buildOrderRequest(lines, email, couponName);
    if (!built.ok) {
      setError(unorderableMessage(built.unorderable));
      return;
    }
    setError('');
    const address = email.trim();
    void run(() => placeOrder(address, built.request));
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
