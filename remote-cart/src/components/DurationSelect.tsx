import { useEffect, useId, useMemo, useRef, type ChangeEvent } from 'react';
import {
  formatPrice,
  monthOptions,
  shopReads,
  useAppDispatch,
  useRead,
  type MonthOption,
  type SubscriptionTier,
} from 'shared-store';
import { durationSet, packageReplaced, type CartItem } from '../model/cartSlice';

export interface DurationSelectProps {
  line: CartItem;
  tier: SubscriptionTier;
  /** The duration shown now: the tier's stored duration, else the line's month. */
  duration: string;
  /** The line's name for the field's label: "Duration of Gold Membership". */
  label: string;
}

/**
 * A package's duration, chosen from its WooCommerce variations. Choosing one replaces the line
 * (new month, price and variation) and stores the tier's duration. While the variations load, or
 * when they cannot be loaded, only the current duration is offered.
 */
export function DurationSelect({ line, tier, duration, label }: DurationSelectProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const select = useRef<HTMLSelectElement>(null);
  const refocus = useRef(false);
  const productId = line.product_id;
  const answer = useRead(shopReads.variations, productId ?? null);
  const variations = answer.status === 'ready' ? answer.data : null;
  const fetched = useMemo(() => (variations ? monthOptions(variations) : []), [variations]);

  // The row may move in the list when the line is replaced: keep focus on the field.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    select.current?.focus();
  }, [duration]);

  const current: MonthOption = {
    month: duration,
    price: line.price,
    variationId: line.variation_id ?? 0,
  };
  const options = fetched.some((o) => o.month === duration) ? fetched : [current, ...fetched];

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = fetched.find((o) => o.month === event.target.value);
    if (!next) return;
    refocus.current = true;
    dispatch(
      packageReplaced({
        ...line,
        month: next.month,
        price: next.price,
        variation_id: next.variationId,
      }),
    );
    dispatch(durationSet({ tier, duration: next.month }));
  }

  return (
    <div className="cart-duration">
      <label htmlFor={id} className="cart-duration-label">
        Duration<span className="cart-visually-hidden"> of {label}</span>
      </label>
      <select ref={select} id={id} className="cart-select" value={duration} onChange={onChange}>
        {options.map((option) => (
          <option key={option.month} value={option.month} disabled={option.month === ''}>
            {option.month === ''
              ? 'Choose a duration'
              : `${option.month} – ${formatPrice(option.price)}`}
          </option>
        ))}
      </select>
    </div>
  );
}
