import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, sumLines, useAppDispatch, useAppSelector } from 'shared-store';
import { lineLimitText } from '../cartHelpers';
import { linePath } from '../lineLinks';
import { lineDuration, lineName } from '../lineNames';
import { useConfirmation } from '../hooks';
import { ConfirmDialog } from './ConfirmDialog';
import { DurationChoice } from './DurationChoice';
import { LineImage } from './LineImage';
import { courseDeleted, itemUpdated, selectDurations, type CartItem } from '../model/cartSlice';
import { MAX_QUANTITY, QUANTITY_FLOOR, lowered } from '../model/quantity';

/** The side of a line's image, in px. */
const IMAGE_SIZE = 64;

export interface CartLineProps {
  line: CartItem;
  /** The name every control of the line uses: "PLAB 1". */
  label: string;
  /** Called once the line has left the cart, so the page can move focus. */
  onRemoved: () => void;
}

/**
 * One line of the cart: image, name (a link to its course's, event's or the memberships page), month (or a package's duration choice), unit price, quantity with
 * − and +, line total and Remove. − asks before it removes the line (at quantity 1), and does
 * nothing at the quantity floor; + stops at the line's limit (an event's places left, one of a
 * course sold individually), which the line then says.
 */
export function CartLine({ line, label, onRemoved }: CartLineProps) {
  const dispatch = useAppDispatch();
  const tierDuration = useAppSelector((state) =>
    line.tier ? selectDurations(state)[line.tier] : '',
  );
  const titleId = useId();
  const limitId = useId();
  const limitText = lineLimitText(line);
  const trigger = useRef<HTMLButtonElement>(null);
  const confirmation = useConfirmation(trigger);
  const duration = lineDuration(line, tierDuration);
  const path = linePath(line);
  const atFloor = line.quantity <= QUANTITY_FLOOR;
  const removes = lowered(line.quantity, 1) === 0;

  function increase() {
    dispatch(itemUpdated({ ...line, quantity: 1 }));
  }

  function decrease() {
    dispatch(itemUpdated({ ...line, quantity: 1, type: 'decrease' }));
  }

  function remove() {
    dispatch(courseDeleted({ id: line.id, month: line.month }));
    onRemoved();
  }

  return (
    <li className="cart-line" aria-labelledby={titleId}>
      <div className="cart-line-main">
        <LineImage className="cart-line-image" url={line.image} size={IMAGE_SIZE} />
        <div className="cart-line-text">
          <h3 id={titleId} className="cart-line-title">
            {path ? <Link to={path}>{lineName(line)}</Link> : lineName(line)}
          </h3>
          {line.tier ? (
            <DurationChoice line={line} tier={line.tier} duration={duration} label={label} />
          ) : (
            duration && <p className="cart-line-option">{duration}</p>
          )}
        </div>
      </div>
      <p className="cart-line-price">
        <span className="cart-line-caption">Price</span> {formatPrice(line.price)}
      </p>
      <div className="cart-qty" role="group" aria-label={`Quantity of ${label}`}>
        <button
          ref={trigger}
          type="button"
          className="cart-qty-button"
          aria-label={`Decrease quantity of ${label}`}
          disabled={atFloor}
          onClick={removes ? confirmation.ask : decrease}
        >
          −
        </button>
        <span className="cart-qty-value">{line.quantity}</span>
        <button
          type="button"
          className="cart-qty-button"
          aria-label={`Increase quantity of ${label}`}
          aria-describedby={limitText ? limitId : undefined}
          disabled={line.quantity >= Math.min(MAX_QUANTITY, line.max_quantity ?? MAX_QUANTITY)}
          onClick={increase}
        >
          +
        </button>
      </div>
      {limitText && (
        <p id={limitId} className="cart-line-limit">
          {limitText}
        </p>
      )}
      <p className="cart-line-total">
        <span className="cart-line-caption">Total</span> {formatPrice(sumLines([line]))}
      </p>
      <button type="button" className="cart-link-button cart-line-remove" onClick={remove}>
        Remove<span className="cart-visually-hidden"> {label}</span>
      </button>
      {confirmation.open && (
        <ConfirmDialog
          message={`Remove ${label} from your cart?`}
          confirmLabel="Remove"
          onConfirm={() => {
            confirmation.close();
            decrease();
            onRemoved();
          }}
          onCancel={confirmation.cancel}
        />
      )}
    </li>
  );
}
