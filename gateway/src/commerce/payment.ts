import { randomUUID } from 'node:crypto';
import { escapeHtml } from '../page/htmlText';
import { ShopError } from './errors';
import { checkLimits } from './limits';
import {
  cancelUnpaid,
  PAID_STATUSES,
  PLACES_UNAVAILABLE_MESSAGE,
  redemptionOf,
  rewardBalance,
  UNPAID_STATUSES,
  unpaidOrderExpired,
} from './orders';
import { ORDER_HOLD_MINUTES, ORDER_HOLD_MS, type CountedStock } from './placeHolds';
import { REWARD_IN_USE_MESSAGE, REWARD_UNAVAILABLE_MESSAGE } from './rewardHolds';
import { wcOrder, type WcOrder } from './schemas';
import type { Settlement } from './settlement';
import type { WooCommerce } from './wooCommerce';

/**
 * An order's payment page, answered: points and places are checked again when the page is shown
 * and when its form pays, because an order placed hours ago may have lost them since (another
 * order paid for the last places; its payment was declined, WooCommerce gave its points back and
 * another order spent them). A payment that would take what the order no longer has is refused
 * with a page that says why and leads back to the cart: nothing is charged, the order stays as it
 * was, and nothing the shopper had is lost.
 */

/** What the page's request asks: to see the page, to pay, or to cancel. */
export type PaymentStep = 'page' | 'pay' | 'cancel';

/** The gateway's answer before WooCommerce's: a refusal, or what to do once WooCommerce answered. */
export interface PaymentCheck {
  /** Why the payment is refused; `cancelled` when the gateway cancelled the order (it expired). */
  refusal?: { status: number; message: string; cancelled?: boolean };
  /** Run once WooCommerce has answered the request (or it ended): lets go what the check held. */
  settle: () => Promise<void>;
}

export interface PaymentDeps {
  wc: WooCommerce;
  settlement: Settlement;
  log: (message: string, error?: unknown) => void;
}

const NOTHING: PaymentCheck = { settle: () => Promise.resolve() };

/** The step a payment form's fields ask for, as WooCommerce's form handler reads them. */
export function paymentStep(form: URLSearchParams): PaymentStep {
  if (form.get('cancel_order') === 'true') return 'cancel';
  return form.get('woocommerce_pay') === '1' ? 'pay' : 'page';
}

const placesMessage = (names: readonly string[]) =>
  `Sorry, there are no longer enough places for ${names.join(', ')} to pay for this order. Your order has not been paid and nothing has been charged.`;

/** Said of an order that expired unpaid, which the gateway has just cancelled. */
const EXPIRED_MESSAGE = `This order was not paid within ${String(ORDER_HOLD_MINUTES)} minutes, so we have cancelled it and given back anything it held. Nothing has been charged. Please return to your cart to order again.`;

const pointsMessage = (points: number) =>
  `The ${points.toLocaleString('en-GB')} reward points this order uses are no longer in your balance: another order has used them. Your order has not been paid and nothing has been charged.`;

async function unpaidOrder(wc: WooCommerce, orderId: number): Promise<WcOrder | undefined> {
  try {
    return await wc.get(`wc/v3/orders/${String(orderId)}`, wcOrder);
  } catch (error) {
    if (error instanceof ShopError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Checks the order the page names (by its id and key) before WooCommerce answers `step`. An order
 * that does not exist, whose key is not the one given or that cannot be paid any more is left to
 * WooCommerce's own page.
 */
export async function checkPayment(
  deps: PaymentDeps,
  orderId: number,
  key: string,
  step: PaymentStep,
): Promise<PaymentCheck> {
  const order = await unpaidOrder(deps.wc, orderId);
  if (!order || order.order_key === '' || order.order_key !== key) return NOTHING;
  if (!UNPAID_STATUSES.includes(order.status)) return NOTHING;
  const { settlement } = deps;
  const afterwards = () => settleAfter(deps, orderId);
  if (step === 'cancel') return { settle: afterwards };
  if (unpaidOrderExpired(order, settlement.now())) {
    // Its points and places are held no longer: nothing may be paid with them.
    await cancelUnpaid(
      { wc: deps.wc, placeHolds: settlement.placeHolds, now: settlement.now },
      orderId,
    );
    return {
      refusal: { status: 409, message: EXPIRED_MESSAGE, cancelled: true },
      settle: NOTHING.settle,
    };
  }

  const places = await checkPlaces(deps, order, step);
  if (places) return { refusal: places, settle: () => Promise.resolve() };

  const redemption = redemptionOf(order);
  // A pending order still holds its points; a failed one's went back, and paying takes them again.
  if (!redemption || order.customer_id <= 0 || order.status !== 'failed') {
    return step === 'pay' ? { settle: afterwards } : NOTHING;
  }
  const user = String(order.customer_id);
  if (step === 'page') {
    const balance = await rewardBalance(deps.wc, user);
    return balance.points < redemption.points
      ? {
          refusal: { status: 409, message: pointsMessage(redemption.points) },
          settle: NOTHING.settle,
        }
      : NOTHING;
  }
  // Paying takes the points again: no other order of the learner's may spend them meanwhile.
  const holder = randomUUID();
  const taken = await settlement.rewardClaims.take(user, holder, settlement.placingMs);
  if (taken === undefined) {
    return {
      refusal: { status: 503, message: REWARD_UNAVAILABLE_MESSAGE },
      settle: NOTHING.settle,
    };
  }
  if (!taken.held) {
    return { refusal: { status: 409, message: REWARD_IN_USE_MESSAGE }, settle: NOTHING.settle };
  }
  const letGo = () => settlement.rewardClaims.release(user, holder);
  try {
    const balance = await rewardBalance(deps.wc, user);
    if (balance.points < redemption.points) {
      await letGo();
      return {
        refusal: { status: 409, message: pointsMessage(redemption.points) },
        settle: NOTHING.settle,
      };
    }
  } catch (error) {
    await letGo();
    throw error;
  }
  return {
    settle: async () => {
      try {
        await afterwards();
      } finally {
        await letGo();
      }
    },
  };
}

/**
 * Takes the order's places again (or keeps them, for a payment at least while it is made): the
 * refusal when the shop or the other pending orders leave too few, or they cannot be asked.
 */
async function checkPlaces(
  deps: PaymentDeps,
  order: WcOrder,
  step: PaymentStep,
): Promise<PaymentCheck['refusal']> {
  const { settlement } = deps;
  let stocks: CountedStock[];
  try {
    stocks = await checkLimits(deps.wc, order.line_items);
  } catch (error) {
    if (!(error instanceof ShopError) || error.code !== 'quantity_limit') throw error;
    return { status: 409, message: placesMessage(namesOver(order, error)) };
  }
  if (stocks.length === 0) return undefined;
  const now = settlement.now();
  const short = await settlement.placeHolds.hold(order.id, stocks, {
    holdUntil: now + ORDER_HOLD_MS,
    keepUntil: now + (step === 'pay' ? settlement.placingMs : 0),
  });
  if (short === undefined) return { status: 503, message: PLACES_UNAVAILABLE_MESSAGE };
  return short.length === 0
    ? undefined
    : { status: 409, message: placesMessage(short.map((stock) => stock.name)) };
}

/** The names of the order's lines a quantity_limit refusal names. */
function namesOver(order: WcOrder, error: ShopError): string[] {
  const limits = (error.details.limits ?? []) as { product_id: number }[];
  const names = order.line_items
    .filter((line) => limits.some((limit) => limit.product_id === line.product_id))
    .map((line) => line.name);
  return [...new Set(names)];
}

/**
 * After WooCommerce answered a payment or a cancellation: a cancelled order's places go back at
 * once; a paid one's once any read of the stock made before the payment came off it is over
 * (WooCommerce has taken its places off the stock by then).
 */
async function settleAfter(deps: PaymentDeps, orderId: number): Promise<void> {
  const { settlement } = deps;
  try {
    const order = await deps.wc.get(`wc/v3/orders/${String(orderId)}`, wcOrder);
    if (order.status === 'cancelled') {
      await settlement.placeHolds.releaseAt(orderId, settlement.now());
    } else if (PAID_STATUSES.includes(order.status)) {
      await settlement.placeHolds.releaseAt(orderId, settlement.now() + settlement.placingMs);
    }
  } catch (error) {
    // The hold then ends in its own time.
    deps.log(`The places of order ${String(orderId)} could not be settled`, error);
  }
}

/**
 * The page a refused payment is answered with: why, and the way back to the cart (where an order
 * not `cancelled` is shown, to pay or cancel).
 */
export function paymentRefusalPage(message: string, cancelled = false): string {
  const cart = cancelled
    ? ''
    : '<p>Your cart shows the order: you can cancel it there, and anything it holds goes back to you.</p>\n';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>This order cannot be paid</title>
</head>
<body>
<main>
<h1>This order cannot be paid</h1>
<p role="alert">${escapeHtml(message)}</p>
${cart}<p><a href="/cart/">Return to your cart</a></p>
</main>
</body>
</html>
`;
}
