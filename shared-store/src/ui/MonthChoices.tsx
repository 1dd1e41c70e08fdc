import type { ReactNode, Ref } from 'react';
import { formatPrice } from '../lib/money';
import { useMounted } from '../lib/useMounted';
import type { MonthOption } from '../lib/variations';

export interface MonthChoicesProps {
  /** The team's class for the group (its CSS prefix): each team draws the buttons its own way. */
  className: string;
  /** The group's name for assistive technology ("Access", "Duration of Gold Membership"). */
  legend: ReactNode;
  /**
   * The radio group's name, one per product on a page (its product's id, a line's key): the same
   * on the server and in the browser, as an id from useId would not be.
   */
  name: string;
  options: readonly MonthOption[];
  /** The chosen option's variation id; none is chosen while it is undefined. */
  value: number | undefined;
  onChange: (option: MonthOption) => void;
  ref?: Ref<HTMLFieldSetElement>;
}

/**
 * A product's month (or duration) options, each a button with its price, as the shop's pages and
 * the cart offer them: radio buttons, so that the arrow keys move the choice and a screen reader
 * says which is chosen of how many. Drawn on the server, it waits for the page's code (inert,
 * painted the same): a choice made before then would be lost.
 */
export function MonthChoices({
  className,
  legend,
  name,
  options,
  value,
  onChange,
  ref,
}: MonthChoicesProps) {
  const codeRunning = useMounted();
  return (
    <fieldset ref={ref} className={className} inert={!codeRunning}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.variationId}>
          <input
            type="radio"
            name={name}
            checked={option.variationId === value}
            onChange={() => {
              onChange(option);
            }}
          />
          {option.month} <b>{formatPrice(option.price)}</b>
        </label>
      ))}
    </fieldset>
  );
}
