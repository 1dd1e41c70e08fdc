import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatPrice, keepTabWithin } from 'shared-store';
import type { MiniCartPanelProps } from './shownAdd';
import './miniCart.css';

/** Where the cart page's checkout is: the mini-cart's Checkout goes there. */
const CHECKOUT_PATH = '/cart#cart-checkout';

/** How far the page may scroll under the panel before it gets out of the way. */
const SCROLL_CLOSES_PX = 48;

/** "1 item in your cart", "3 items in your cart". */
function countText(count: number): string {
  return `${String(count)} ${count === 1 ? 'item' : 'items'} in your cart`;
}

/**
 * The mini-cart's panel: "Added to your cart" (focused, so a screen reader says it), the line just
 * added, the cart's count, View cart and Checkout. Tab stays inside it; Escape and Close put the
 * focus back on the button the shopper added with; a tap elsewhere, a new page or scrolling on
 * closes it (scrolling with the focus in it puts the focus back on that button, where it is).
 */
export default function MiniCartPanel({ added, line, count, onClose }: MiniCartPanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  const [openedOn] = useState(pathname);

  // Each add the panel shows takes the focus to its heading.
  useEffect(() => {
    heading.current?.focus();
  }, [added]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !panel.current?.contains(event.target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
    };
  }, [onClose]);

  useEffect(() => {
    if (pathname !== openedOn) onClose(false);
  }, [pathname, openedOn, onClose]);

  useEffect(() => {
    const from = window.scrollY;
    const scrolled = () => {
      if (Math.abs(window.scrollY - from) <= SCROLL_CLOSES_PX) return;
      onClose(panel.current?.contains(document.activeElement) ?? false);
    };
    window.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      window.removeEventListener('scroll', scrolled);
    };
  }, [onClose]);

  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (panel.current) {
      keepTabWithin(panel.current, event);
    }
  }

  return (
    <div
      ref={panel}
      className="cart-mini"
      style={added.place}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={keyDown}
    >
      <div className="cart-mini-head">
        <h2 id={titleId} ref={heading} className="cart-mini-title" tabIndex={-1}>
          Added to your cart
        </h2>
        <button
          type="button"
          className="cart-mini-close"
          aria-label="Close"
          onClick={() => {
            onClose(true);
          }}
        >
          ×
        </button>
      </div>
      {line && (
        <div className="cart-mini-line">
          <p className="cart-mini-name">{line.name}</p>
          {line.details && <p className="cart-mini-details">{line.details}</p>}
          <p className="cart-mini-price">{formatPrice(line.price)}</p>
        </div>
      )}
      <p className="cart-mini-count">{countText(count)}</p>
      <div className="cart-mini-actions">
        <Link
          className="cart-mini-action"
          to="/cart"
          onClick={() => {
            onClose(false);
          }}
        >
          View cart
        </Link>
        <Link
          className="cart-mini-action cart-mini-action-primary"
          to={CHECKOUT_PATH}
          onClick={() => {
            onClose(false);
          }}
        >
          Checkout
        </Link>
      </div>
    </div>
  );
}
