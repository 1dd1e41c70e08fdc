import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Link, useLocation } from 'react-router-dom';
import { COURSES_SECTION_ID, formatPrice, keepTabWithin, sumLines } from 'shared-store';
import { LineImage } from '../components/LineImage';
import { linePath } from '../lineLinks';
import { lineName } from '../lineNames';
import type { CartItem } from '../model/cartSlice';
import {
  CART_PATH,
  type CartDrawerProps,
  type DrawerLine,
  type DrawerOpening,
} from './drawerProps';
import './cartDrawer.css';

/** Where the cart page's checkout is: the drawer's Checkout goes there. */
const CHECKOUT_PATH = '/cart#cart-checkout';

/** The side of a line's image, in px (its box is reserved, with or without an image). */
const IMAGE_SIZE = 64;

/** How far the page may scroll under the drawer before it gets out of the way. */
const SCROLL_CLOSES_PX = 48;

/** What takes the focus when pressed (a heading the page focuses by script does not count). */
const FOCUSABLE =
  'a[href], button, input, select, textarea, label, summary, [tabindex]:not([tabindex="-1"])';

/** How long a control pressed may stay disabled (an add's cooldown) for the focus to go back to it. */
const REFOCUS_WITHIN_MS = 2000;

/** "1 item in your cart", "3 items in your cart". */
function countText(count: number): string {
  return `${String(count)} ${count === 1 ? 'item' : 'items'} in your cart`;
}

/**
 * Puts the focus back on the control that opened the drawer, without scrolling. One still disabled
 * (an add's cooldown: a disabled button takes no focus) takes it once it is enabled again, if the
 * focus has not gone anywhere meanwhile.
 */
function refocus(control: HTMLElement): void {
  if (!control.matches(':disabled')) {
    control.focus({ preventScroll: true });
    return;
  }
  const observer = new MutationObserver(() => {
    if (control.matches(':disabled')) return;
    observer.disconnect();
    if (document.activeElement === document.body) control.focus({ preventScroll: true });
  });
  observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => {
    observer.disconnect();
  }, REFOCUS_WITHIN_MS);
}

/** Whether `line` is the one just added (an event's place by its id, another line by id and month). */
function isAdded(line: CartItem, added: DrawerOpening['added']): boolean {
  return line.id === added?.id && (line.from === 'event' || line.month === added.month);
}

/** One line: image, name (a link to its page), month or duration with the quantity, its total. */
function LineRow({
  line,
  duration,
  added,
  onLeave,
}: Omit<DrawerLine, 'key'> & { added: boolean; onLeave: () => void }) {
  const path = linePath(line);
  const name = lineName(line);
  // "3 Months · Quantity 2", each part kept whole when the line wraps.
  const details = [duration, `Quantity ${String(line.quantity)}`].filter(Boolean);
  return (
    <li
      className={added ? 'cart-drawer-line cart-drawer-line--added' : 'cart-drawer-line'}
      aria-current={added || undefined}
    >
      <LineImage className="cart-drawer-image" url={line.image} size={IMAGE_SIZE} />
      <div className="cart-drawer-line-text">
        <p className="cart-drawer-name">
          {path ? (
            <Link to={path} onClick={onLeave}>
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        <p className="cart-drawer-details">
          {details.map((part, index) => (
            <span key={part}>
              {index > 0 && ' · '}
              {part}
            </span>
          ))}
        </p>
      </div>
      <p className="cart-drawer-price">{formatPrice(sumLines([line]))}</p>
    </li>
  );
}

/**
 * The cart drawer: "Added to your cart" after an add (that line marked), "Your cart" when the
 * shopper asked for it; every line with its image, name (a link to its page), month, quantity and
 * price, the cart's count and subtotal, View cart and Checkout. A modal dialog at the screen's
 * side, under the header, the page around it dimmed: its heading takes the focus (a screen reader
 * says it), Tab stays inside, Escape and Close put the focus back on the control that opened it; a
 * tap on the page around it, scrolling the page, a link followed, a new page or the focus taken
 * elsewhere close it.
 */
export default function CartDrawer({ opening, cart, onClose }: CartDrawerProps) {
  const titleId = useId();
  const drawer = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { lines, count, subtotal } = cart;
  const { pathname } = useLocation();
  const [openedOn] = useState(pathname);

  const close = useCallback(
    (returnFocus: boolean) => {
      if (returnFocus && opening.opener?.isConnected) refocus(opening.opener);
      onClose();
    },
    [opening, onClose],
  );
  const leave = useCallback(() => {
    close(false);
  }, [close]);

  // Each opening takes the focus to the heading as the drawer is put on screen, not after it has
  // been painted: a key pressed the moment it shows (Escape) is the drawer's.
  useLayoutEffect(() => {
    heading.current?.focus();
  }, [opening]);

  useEffect(() => {
    if (pathname !== openedOn) close(false);
  }, [pathname, openedOn, close]);

  // Scrolling the page under it closes it (the focus, when in it, back on the control that opened
  // it): it stands where the header ended as it opened, which a scroll moves.
  useEffect(() => {
    const from = window.scrollY;
    const scrolled = () => {
      if (Math.abs(window.scrollY - from) <= SCROLL_CLOSES_PX) return;
      close(drawer.current?.contains(document.activeElement) ?? false);
    };
    window.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      window.removeEventListener('scroll', scrolled);
    };
  }, [close]);

  // A press on the page around the drawer closes it and goes on to what was pressed (another Add
  // to cart, the header's cart): the shopper keeps shopping. A press on nothing that takes the
  // focus puts it back on the control that opened the drawer (kept from going to the page's body).
  useEffect(() => {
    const outside = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || drawer.current?.contains(target)) return;
      const focusable = target.closest(FOCUSABLE) !== null;
      if (!focusable) event.preventDefault();
      close(!focusable);
    };
    document.addEventListener('mousedown', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
    };
  }, [close]);

  // A press on the header (above the drawer, in reach) takes the focus out of it: it closes, the
  // focus staying where the shopper put it.
  function focusLeft(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (to instanceof Node && !drawer.current?.contains(to)) close(false);
  }

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (drawer.current) {
      keepTabWithin(drawer.current, event);
    }
  }

  return (
    <div className="cart-drawer-layer" style={{ top: opening.top }}>
      <div className="cart-drawer-overlay" aria-hidden="true" />
      <div
        ref={drawer}
        className="cart-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={keyDown}
        onBlur={focusLeft}
      >
        <div className="cart-drawer-head">
          <h2 id={titleId} ref={heading} className="cart-drawer-title" tabIndex={-1}>
            {opening.added ? 'Added to your cart' : 'Your cart'}
          </h2>
          <button
            type="button"
            className="cart-drawer-close"
            aria-label="Close"
            onClick={() => {
              close(true);
            }}
          >
            ×
          </button>
        </div>
        {lines.length > 0 ? (
          <ul className="cart-drawer-lines">
            {lines.map(({ key, line, duration }) => (
              <LineRow
                key={key}
                line={line}
                duration={duration}
                added={isAdded(line, opening.added)}
                onLeave={leave}
              />
            ))}
          </ul>
        ) : (
          <p className="cart-drawer-empty">Your cart is empty.</p>
        )}
        <div className="cart-drawer-foot">
          {lines.length > 0 && (
            <>
              <p className="cart-drawer-count">{countText(count)}</p>
              <p className="cart-drawer-subtotal">
                <span>Subtotal</span> <span>{formatPrice(subtotal)}</span>
              </p>
            </>
          )}
          <div className="cart-drawer-actions">
            <Link className="cart-drawer-action" to={CART_PATH} onClick={leave}>
              View cart
            </Link>
            {lines.length > 0 ? (
              <Link
                className="cart-drawer-action cart-drawer-action-primary"
                to={CHECKOUT_PATH}
                onClick={leave}
              >
                Checkout
              </Link>
            ) : (
              <Link
                className="cart-drawer-action cart-drawer-action-primary"
                to={`/#${COURSES_SECTION_ID}`}
                onClick={leave}
              >
                Browse our courses
              </Link>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
