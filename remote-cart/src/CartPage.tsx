import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
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
import { PendingOrders } from './components/PendingOrders';
import { RewardsForm } from './components/RewardsForm';
import './cart.css';
import { selectCartItems } from './model/cartSlice';
import { heldPoints, usePendingOrders } from './usePendingOrders';

/** Fixed ids: a page shows one cart, and the cart's server render draws the same markup. */
const TITLE_ID = 'cart-title';
const ITEMS_TITLE_ID = 'cart-items-title';

/** The page around what the cart shows: its heading, and the notices about the cart. */
function CartPageFrame({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <section className="cart-page" aria-labelledby={TITLE_ID} aria-busy={busy || undefined}>
      <h1 id={TITLE_ID} className="cart-title" tabIndex={-1}>
        Your cart
      </h1>
      <CancelledOrderNotice />
      <CartSyncNotice />
      {children}
    </section>
  );
}

/** The lines' panel: its title, the column names (wide screens), the lines, and what follows. */
function ItemsPanel({
  children,
  after,
  list,
}: {
  children: ReactNode;
  after?: ReactNode;
  list?: Ref<HTMLUListElement>;
}) {
  return (
    <section className="cart-items" aria-labelledby={ITEMS_TITLE_ID}>
      <h2 id={ITEMS_TITLE_ID} className="cart-panel-title">
        Items
      </h2>
      <div className="cart-lines-head" aria-hidden="true">
        <span>Item</span>
        <span>Price</span>
        <span>Quantity</span>
        <span>Total</span>
      </div>
      <ul ref={list} className="cart-lines">
        {children}
      </ul>
      {after}
    </section>
  );
}

/**
 * The cart page: every line with its quantity controls, the summary to the penny, coupon, reward
 * points (logged-in learners), clear cart and the checkout hand-off; or the empty state.
 */
export default function CartPage() {
  const items = useAppSelector(selectCartItems);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const list = useRef<HTMLUListElement>(null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  /** The place of a line just removed (its focused button went with it), until focus has moved. */
  const removedAt = useRef<number | null>(null);
  function lineRemoved(index: number) {
    removedAt.current = index;
  }
  // The focus goes to the Remove of the line now in the removed one's place (of the one before
  // it when it was the last), or to the empty cart's heading when none is left.
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const removes = Array.from(
      list.current?.querySelectorAll<HTMLElement>('.cart-line-remove') ?? [],
    );
    const next = removes.at(Math.min(index, removes.length - 1));
    (next ?? emptyHeading.current)?.focus();
  });
  const keys = lineKeys(items);
  const pending = usePendingOrders();
  // A cancelled order's points are back: the balance is read again (a new RewardsForm).
  const [balanceRead, setBalanceRead] = useState(0);
  const held = heldPoints(pending.orders);

  return (
    <CartPageFrame>
      <PendingOrders
        orders={pending.orders}
        onCancelled={() => {
          pending.refresh();
          setBalanceRead((count) => count + 1);
        }}
      />
      {items.length === 0 ? (
        <EmptyCart heading={emptyHeading} />
      ) : (
        <div className="cart-layout">
          <ItemsPanel
            list={list}
            after={
              <ClearCartButton
                onCleared={() => {
                  lineRemoved(0);
                }}
              />
            }
          >
            {items.map((line, index) => (
              <CartLine
                key={keys[index]}
                line={line}
                label={lineLabel(line, items)}
                onRemoved={() => {
                  lineRemoved(index);
                }}
              />
            ))}
          </ItemsPanel>
          <div className="cart-aside">
            <CartSummary />
            <CouponForm />
            {isLoggedIn && <RewardsForm key={balanceRead} held={held} />}
            <CheckoutForm />
          </div>
        </div>
      )}
    </CartPageFrame>
  );
}

/**
 * The cart while its lines are on their way (the gateway's first screen of /cart when the browser
 * says its cart holds `lines` lines): the page's heading in its place, and the space of the lines,
 * of Clear cart and of the summary beside them reserved, so the cart takes it without moving the
 * page.
 */
export function ReservedCart({ lines }: { lines: number }) {
  return (
    <CartPageFrame busy>
      <div className="cart-layout">
        <ItemsPanel after={<div className="cart-clear cart-clear-reserved" aria-hidden="true" />}>
          {Array.from({ length: lines }, (_, index) => (
            <li key={index} className="cart-line cart-line-reserved" aria-hidden="true" />
          ))}
        </ItemsPanel>
        <div className="cart-aside cart-aside-reserved" aria-hidden="true" />
      </div>
    </CartPageFrame>
  );
}
