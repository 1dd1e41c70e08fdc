import { MonthChoices, formatPrice, type MonthOption } from 'shared-store';
import './cards.css';

/**
 * A price; on sale, the regular price struck through before it. A screen reader says nothing of
 * a line through a price: it is told "Was" and "Now".
 */
export function PriceTag({ price, regularPrice }: Pick<MonthOption, 'price' | 'regularPrice'>) {
  return regularPrice ? (
    <>
      <s>
        <span className="home-sr">Was </span>
        {formatPrice(regularPrice)}
      </s>{' '}
      <span className="home-sr">Now </span>
      {formatPrice(price)}
    </>
  ) : (
    formatPrice(price)
  );
}

export interface MonthPickerProps {
  label: string;
  /**
   * The radio group's name, one per product on a page (its product's id): the same on the server
   * and in the browser, as an id from useId would not be.
   */
  name: string;
  options: MonthOption[];
  value: number;
  onChange: (variationId: number) => void;
}

/**
 * The month (or duration) options of a product, each a button with its price (the platform's
 * MonthChoices, which the cart's lines use too), drawn as the home team's cards draw them.
 */
export function MonthPicker({ label, name, options, value, onChange }: MonthPickerProps) {
  return (
    <MonthChoices
      className="home-picker"
      legend={label}
      name={name}
      options={options}
      value={value}
      onChange={(option) => {
        onChange(option.variationId);
      }}
    />
  );
}

/**
 * The picker while its options are on their way: the same legend and space, so that the card
 * keeps its height when the prices come. Only its space: assistive technology meets the picker
 * once it can be used.
 */
export function PendingMonthPicker({ label }: { label: string }) {
  return (
    <fieldset className="home-picker" disabled aria-hidden="true">
      <legend>{label}</legend>
      <span>Loading prices…</span>
    </fieldset>
  );
}
