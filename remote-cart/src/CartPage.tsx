import { useCallback, useId, useRef } from 'react';
import { selectIsLoggedIn, useAppSelector } from 'shared-store';
import { lineKeys, lineLabel } from './cartHelpers';
import { CancelledOrderNotice } from './components/CancelledOrderNotice';
import { CartLine } from './components/CartLine';
import { CartSummary } from './components/CartSummary';
import { CartSyncNotice } from './components/CartSyncNotice';
import { CheckoutForm } from './components/CheckoutForm';
import { ClearCartButton } from './components/ClearCartButton';
import { CouponForm } from './components/CouponForm';
import { EmptyCart } from './components/EmptyCart';
import { RewardsForm } from './components/RewardsForm';
import './cart.css';
import { selectCartItems } from './model/cartSlice';

/**
 * The cart page: every line with its quantity controls, the summary to the penny, coupon, reward
 * points (logged-in learners), clear cart and the checkout hand-off; or the empty state.
 */
export default function CartPage() {
  const items = useAppSelector(selectCartItems);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const titleId = useId();
  const itemsTitleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A removed line takes its focused button with it: the page heading takes the focus instead.
  const focusHeading = useCallback(() => {
    heading.current?.focus();
  }, []);
  const keys = lineKeys(items);

  return (
    <section className="cart-page" aria-labelledby={titleId}>
      <h1 id={titleId} ref={heading} className="cart-title" tabIndex={-1}>
        Your cart
      </h1>
      <CancelledOrderNotice />
      <CartSyncNotice />
      {items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="cart-layout">
          <section className="cart-items" aria-labelledby={itemsTitleId}>
            <h2 id={itemsTitleId} className="cart-panel-title">
              Items
            </h2>
            <div className="cart-lines-head" aria-hidden="true">
              <span>Item</span>
              <span>Price</span>
              <span>Quantity</span>
              <span>Total</span>
            </div>
            <ul className="cart-lines">
              {items.map((line, index) => (
                <CartLine
                  key={keys[index]}
                  line={line}
                  label={lineLabel(line, items)}
                  onRemoved={focusHeading}
                />
              ))}
            </ul>
            <ClearCartButton onCleared={focusHeading} />
          </section>
          <div className="cart-aside">
            <CartSummary />
            <CouponForm />
            {isLoggedIn && <RewardsForm />}
            <CheckoutForm />
          </div>
        </div>
      )}
    </section>
  );
}
