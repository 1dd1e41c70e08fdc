import { formatPrice, type MonthOption } from 'shared-store';
import './cards.css';

export interface MonthPickerProps {
  label: string;
  options: MonthOption[];
  value: number;
  onChange: (variationId: number) => void;
}

/**
 * The month (or duration) options of a product, each with its price. The box is inside its label,
 * which names it without an id: an id the server drew (useId) would not be the browser's, and
 * the served picker is the browser's first one to the attribute.
 */
export function MonthPicker({ label, options, value, onChange }: MonthPickerProps) {
  return (
    <label className="home-picker">
      <span>{label}</span>
      <select
        value={value}
        onChange={(event) => {
          onChange(Number(event.target.value));
        }}
      >
        {options.map((option) => (
          <option key={option.variationId} value={option.variationId}>
            {/* One text: the served markup holds it whole, as a crawler reads it. */}
            {`${option.month} – ${formatPrice(option.price)}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The picker while its options are on their way: the same label and box, disabled, so that the
 * card keeps its height when the prices come. Only its space: assistive technology meets the
 * picker once it can be used. Its label names no box (an id the server drew would not be the
 * browser's), so the server's first screen is the browser's to the attribute.
 */
export function PendingMonthPicker({ label }: { label: string }) {
  return (
    <div className="home-picker" aria-hidden="true">
      <label>{label}</label>
      <select disabled tabIndex={-1}>
        <option>Loading prices…</option>
      </select>
    </div>
  );
}
