import { useEffect, useMemo, useRef } from 'react';
import {
  MonthChoices,
  monthOptions,
  shopReads,
  useAppDispatch,
  useRead,
  type MonthOption,
  type SubscriptionTier,
} from 'shared-store';
import { durationSet, packageReplaced, type CartItem } from '../model/cartSlice';

export interface DurationChoiceProps {
  line: CartItem;
  tier: SubscriptionTier;
  /** The duration shown now: the tier's stored duration, else the line's month. */
  duration: string;
  /** The line's name for the group's name: "Duration of Gold Membership". */
  label: string;
}

/**
 * A package's duration, chosen from its WooCommerce variations, each a button with its price as
 * on the shop's pages (the platform's MonthChoices). Choosing one replaces the line (new month,
 * price and variation) and stores the tier's duration. While the variations load, or when they
 * cannot be loaded, only the current duration is offered.
 */
export function DurationChoice({ line, tier, duration, label }: DurationChoiceProps) {
  const dispatch = useAppDispatch();
  const group = useRef<HTMLFieldSetElement>(null);
  const refocus = useRef(false);
  const productId = line.product_id;
  const answer = useRead(shopReads.variations, productId ?? null);
  const variations = answer.status === 'ready' ? answer.data : null;
  const fetched = useMemo(() => (variations ? monthOptions(variations) : []), [variations]);

  // The row may move in the list when the line is replaced: keep focus on the chosen button.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    group.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [duration]);

  const current: MonthOption = {
    month: duration,
    price: line.price,
    variationId: line.variation_id ?? 0,
  };
  const options =
    duration === '' || fetched.some((o) => o.month === duration)
      ? fetched
      : [current, ...fetched.filter((o) => o.variationId !== current.variationId)];

  function choose(next: MonthOption) {
    if (next.month === duration || !fetched.includes(next)) return;
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
    <MonthChoices
      ref={group}
      className="cart-duration"
      legend={
        <>
          Duration<span className="cart-visually-hidden"> of {label}</span>
        </>
      }
      name={`cart-duration-${tier}`}
      options={options}
      value={options.find((o) => o.month === duration)?.variationId}
      onChange={choose}
    />
  );
}
