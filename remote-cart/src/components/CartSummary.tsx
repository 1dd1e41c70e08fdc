import { useEffect, useId, useRef } from 'react';
import { formatPrice, useAppSelector } from 'shared-store';
import { appliedDiscounts } from '../cartHelpers';
import { trackCartViewed } from '../model/cartAnalytics';
import {
  selectCartItems,
  selectCoupon,
  selectRewardAmount,
  selectSubtotal,
  selectTotalAmount,
} from '../model/cartSlice';

const MINUS = '\u2212';

/**
 * The cart page shows its summary whenever it shows lines: the first time it does, analytics is
 * told the cart was viewed (once per visit of the page, whatever changes after).
 */
function useCartViewed(): void {
  const lines = useAppSelector(selectCartItems);
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current || lines.length === 0) return;
    viewed.current = true;
    trackCartViewed(lines);
  });
}

/** Subtotal, the applied coupon and reward, and the total to the penny (never below £0.00). */
export function CartSummary() {
  useCartViewed();
  const titleId = useId();
  const subtotal = useAppSelector(selectSubtotal);
  const couponName = useAppSelector((state) => selectCoupon(state).name);
  const couponAmount = useAppSelector((state) => selectCoupon(state).amount);
  const rewardAmount = useAppSelector(selectRewardAmount);
  const total = useAppSelector(selectTotalAmount);
  const discounts = appliedDiscounts(subtotal, couponAmount, rewardAmount);

  return (
    <section className="cart-panel cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-panel-title">
        Order summary
      </h2>
      <dl className="cart-summary-list">
        <div className="cart-summary-row">
          <dt>Subtotal</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </div>
        {couponName && (
          <div className="cart-summary-row">
            <dt>Coupon ({couponName})</dt>
            <dd>
              {MINUS}
              {formatPrice(discounts.coupon)}
            </dd>
          </div>
        )}
        {rewardAmount > 0 && (
          <div className="cart-summary-row">
            <dt>Reward points</dt>
            <dd>
              {MINUS}
              {formatPrice(discounts.reward)}
            </dd>
          </div>
        )}
        <div className="cart-summary-row cart-summary-total" aria-live="polite" aria-atomic="true">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatPrice(Math.max(0, total))}</dd>
        </div>
      </dl>
    </section>
  );
}
