import {
  ANALYTICS_CURRENCY,
  STORAGE_KEYS,
  analyticsItem,
  safeStorage,
  sumLines,
  trackEvent,
  type AnalyticsItem,
} from 'shared-store';
import { lineName } from '../lineNames';
import { readCampaignIds } from '../order';
import {
  couponApplied,
  orderPaid,
  readPendingOrder,
  type CartItem,
  type PendingOrder,
} from './cartSlice';
import { LEARNER_CHANGES, type CartChange } from './analyticsHandOff';
import { lineKey } from './cartLines';
import { commerceApi } from './shop';

/**
 * What analytics is told of the cart: the lines a learner adds and removes (whichever page they
 * do it on: the home page's Add to cart is the cart's action), a coupon the shop accepted, the
 * cart seen, the hand-off to payment and the purchase, once per order.
 */

/** A line (of the cart, or of an order) as analytics knows it; `quantity` of it. */
function lineItem(line: CartItem, quantity: number = line.quantity): AnalyticsItem {
  return analyticsItem({
    id: line.id,
    name: lineName(line),
    slug: line.slug,
    month: line.month,
    price: line.price,
    quantity,
  });
}

/** The lines' items, and what they come to. */
function pricedLines(lines: readonly CartItem[]) {
  const items = lines.map((line) => lineItem(line));
  return { currency: ANALYTICS_CURRENCY, value: sumLines(items), items };
}

/** The cart page shown with its lines. */
export function trackCartViewed(lines: readonly CartItem[]): void {
  trackEvent({ event: 'view_cart', ecommerce: pricedLines(lines) });
}

/** The learner handed to the payment page of an order of `total` pounds made of `lines`. */
export function trackCheckout(lines: readonly CartItem[], total: number, coupon: string): void {
  trackEvent({
    event: 'begin_checkout',
    ecommerce: { ...pricedLines(lines), value: total, ...(coupon ? { coupon } : {}) },
  });
}

/** What moved between two carts: how many of each line came in, and how many went. */
function movedLines(before: readonly CartItem[], after: readonly CartItem[]) {
  const gone = (from: readonly CartItem[], to: readonly CartItem[]) => {
    const left = new Map(to.map((line) => [lineKey(line), line.quantity]));
    return from.flatMap((line) => {
      const moved = line.quantity - (left.get(lineKey(line)) ?? 0);
      return moved > 0 ? [lineItem(line, moved)] : [];
    });
  };
  return { added: gone(after, before), removed: gone(before, after) };
}

/** The purchase of a paid order, as it was placed. */
function trackPurchase(order: PendingOrder): void {
  const items = order.lines.map((line) => lineItem(line));
  trackEvent({
    event: 'purchase',
    ecommerce: {
      transaction_id: String(order.id),
      currency: ANALYTICS_CURRENCY,
      value: order.total,
      ...(order.coupon ? { coupon: order.coupon } : {}),
      items,
    },
  });
}

/** Whether the shop's answer to a report says it was the order's first. */
function isFirstReport(answer: unknown): boolean {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { reported?: unknown }).reported === true
  );
}

/**
 * Tells the shop the pending order is paid (it posts its order tracking with the visitor's
 * campaign ids) and, when this report is the order's first, analytics of the purchase. The shop
 * takes one report per order whichever tab, reload or device sends it: so is the purchase told
 * once. A report that fails is only logged: the learner has paid, and nothing more is asked.
 */
async function reportPaidOrder(order: PendingOrder, token: string | null): Promise<void> {
  let answer: unknown;
  try {
    answer = await commerceApi.reportPaid(order.id, readCampaignIds(safeStorage), token);
  } catch (failure) {
    console.warn(`Could not report the payment of order ${String(order.id)}:`, failure);
    return;
  }
  if (isFirstReport(answer)) trackPurchase(order);
}

/**
 * Tells analytics of a change of the cart (analyticsHandOff.ts hands them over, in order):
 * add_to_cart and remove_from_cart for the quantities a learner's change moved, add_coupon for a
 * coupon the shop accepted, and the pending order's payment reported (reportPaidOrder).
 */
export function tellOf({ action, before, after, loggedIn }: CartChange): void {
  if (LEARNER_CHANGES.some((change) => change.match(action))) {
    const { added, removed } = movedLines(before.cartData, after.cartData);
    if (removed.length > 0) {
      trackEvent({
        event: 'remove_from_cart',
        ecommerce: { currency: ANALYTICS_CURRENCY, value: sumLines(removed), items: removed },
      });
    }
    if (added.length > 0) {
      trackEvent({
        event: 'add_to_cart',
        ecommerce: { currency: ANALYTICS_CURRENCY, value: sumLines(added), items: added },
      });
    }
  } else if (couponApplied.match(action) && after.couponName) {
    trackEvent({
      event: 'add_coupon',
      ecommerce: {
        ...pricedLines(after.cartData),
        value: after.totalAmount,
        coupon: after.couponName,
      },
    });
  } else if (orderPaid.match(action)) {
    const pending = readPendingOrder(before.orderData);
    if (pending?.id === action.payload.orderId) {
      const token = loggedIn ? safeStorage.getItem(STORAGE_KEYS.token) : null;
      void reportPaidOrder(pending, token);
    }
  }
}
