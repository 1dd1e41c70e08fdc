import {
  SUBSCRIPTION_TIERS,
  addMoney,
  injectSlice,
  roundMoney,
  subtractMoney,
  sumLines,
  toPrice,
  type PackageChoice,
  type RootState,
  type SubscriptionTier,
  createSlice,
  original,
} from 'shared-store';
import {
  isLineId,
  lineKey,
  mergeLines,
  highestStamp,
  cartText,
  readLines,
  stampChanges,
  toItem,
  toLimit,
  toStamp,
  type CartItem,
  type CartItemInput,
  type CartLines,
  type RemovedLine,
} from './cartLines';
import { percentOff, toPercent } from './coupon';
import { lowered, toDiscount, toQuantity } from './quantity';
import { type PriceChange, type WcOrder } from '../data/orders';
import { type PayloadAction } from '@reduxjs/toolkit';

export type { CartItem, CartItemInput } from './cartLines';

export interface CartState {
  cartData: CartItem[];
  totalQuantity: number;
  totalAmount: number;
  discountedCouponAmount: number;
  discountedRewardAmount: number;
  couponName: string;
  /**
   * The applied coupon's percentage when it takes a percentage of the lines (its discount then
   * follows the lines); 0 for a coupon of a fixed amount, or none.
   */
  couponPercent: number;
  /** Serialized text of the last created order and the lines it was made of. */
  orderData: string;
  silverDuration: string;
  goldDuration: string;
  ultimateDuration: string;
  /** Stored for the subscription screens to come: kept, and carried between tabs; no screen sets them yet. */
  subscriptionId: string;
  /** Serialized text. */
  courseDetails: string;
  /** Removed lines, so that a merge with an older copy does not bring them back. */
  removedLines: RemovedLine[];
  /** The cart's clock: the highest stamp of any change this copy has seen. */
  revision: number;
  /** The stamp of the last change to the fields besides the lines (coupon, reward, durations…). */
  metaRevision: number;
  /**
   * How many ended sessions this device's cart has outlived: a copy from another tab with a lower
   * one is the cart of a session that has ended (written late), and is not merged back.
   */
  epoch: number;
}

export const initialCartState: CartState = {
  cartData: [],
  totalQuantity: 0,
  totalAmount: 0,
  discountedCouponAmount: 0,
  discountedRewardAmount: 0,
  couponName: '',
  couponPercent: 0,
  orderData: '',
  silverDuration: '',
  goldDuration: '',
  ultimateDuration: '',
  subscriptionId: '',
  courseDetails: '',
  removedLines: [],
  revision: 0,
  metaRevision: 0,
  epoch: 0,
};

/** The fields besides the lines that travel between tabs with the cart. */
const META_FIELDS = [
  'discountedCouponAmount',
  'discountedRewardAmount',
  'couponName',
  'couponPercent',
  'orderData',
  'silverDuration',
  'goldDuration',
  'ultimateDuration',
  'subscriptionId',
  'courseDetails',
] as const satisfies readonly (keyof CartState)[];

type CartMeta = Pick<CartState, (typeof META_FIELDS)[number]>;

function metaOf(state: CartMeta): CartMeta {
  const meta: Partial<Record<keyof CartMeta, unknown>> = {};
  for (const field of META_FIELDS) meta[field] = state[field];
  return meta as CartMeta;
}

const metaText = (state: CartMeta) => JSON.stringify(META_FIELDS.map((field) => state[field]));

/** Whether the input names the line: an event by its id, another line by its id and month. */
export function matches(line: CartItem, input: CartItemInput): boolean {
  if (line.id !== input.id) return false;
  return input.from === 'event' || line.from === 'event' || line.month === (input.month ?? '');
}

/**
 * Totals follow the lines: quantity summed, a percentage coupon's discount taken of the lines as
 * they are now (unless `couponFollows` is false: the shop has just said what it takes), amount =
 * lines less the applied discounts, >= 0.
 */
function recompute(state: CartState, couponFollows = true): void {
  state.cartData = state.cartData.filter((line) => line.quantity > 0);
  state.totalQuantity = state.cartData.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = sumLines(state.cartData);
  if (couponFollows && state.couponName && state.couponPercent > 0) {
    state.discountedCouponAmount = percentOff(state.couponPercent, subtotal);
  }
  const discounts = addMoney(state.discountedCouponAmount, state.discountedRewardAmount);
  state.totalAmount = Math.max(0, subtractMoney(subtotal, discounts));
}

/**
 * Stamps what this action changed (lines and the other fields) at the cart's next revision, so
 * that other tabs and the cart service take it over what they had.
 */
function stamp(state: CartState): void {
  const before = original<CartState>(state);
  const next = state.revision + 1;
  const after: CartLines = { lines: state.cartData, removed: state.removedLines };
  const linesChanged = stampChanges(
    { lines: before.cartData, removed: before.removedLines },
    after,
    next,
  );
  const metaChanged = metaText(before) !== metaText(state);
  if (metaChanged) state.metaRevision = next;
  if (linesChanged || metaChanged) state.revision = next;
}

/** Every change made here: totals recomputed, changes stamped. */
function settle(state: CartState, couponFollows = true): void {
  recompute(state, couponFollows);
  stamp(state);
}

const durationKey = {
  silver: 'silverDuration',
  gold: 'goldDuration',
  ultimate: 'ultimateDuration',
} as const satisfies Record<SubscriptionTier, keyof CartState>;

/** A tier whose package left the cart in this action forgets its duration. */
function forgetLeftTiers(state: CartState): void {
  const before = original<CartState>(state).cartData;
  const has = (lines: readonly CartItem[], tier: SubscriptionTier) =>
    lines.some((line) => line.tier === tier && line.quantity > 0);
  for (const tier of SUBSCRIPTION_TIERS) {
    if (has(before, tier) && !has(state.cartData, tier)) state[durationKey[tier]] = '';
  }
}

/** Every package in the cart shares this slug, so choosing one replaces another. */
export const PACKAGE_SLUG = 'membership';

/**
 * A quantity raised by `delta`, never above the line's limit `max`; a line the shop has since
 * limited below its quantity stays where it is (the shopper lowers it, nothing is taken away).
 */
function raised(quantity: number, delta: number, max: number | undefined): number {
  const next = toQuantity(quantity + delta);
  return max === undefined ? next : Math.max(Math.min(next, max), Math.min(quantity, next));
}

/** A new line from the input, within its limit. */
function newLine(input: CartItemInput): CartItem {
  const item = toItem({ ...input, rev: undefined, at: undefined });
  if (item.max_quantity !== undefined) item.quantity = Math.min(item.quantity, item.max_quantity);
  return item;
}

/** The limit the input brings (the page knows it now), else the line's own. */
function limitFor(line: CartItem, input: CartItemInput): void {
  const max = toLimit(input.max_quantity);
  if (max !== undefined) line.max_quantity = max;
}

/**
 * Removes every line with the item's slug and adds the item; a tier whose package left forgets
 * its duration. Answers the item as the cart's rules read it.
 */
function replacePackage(state: CartState, input: CartItemInput): CartItem {
  const item = newLine(input);
  state.cartData = state.cartData.filter((line) => line.slug !== item.slug);
  if (item.quantity > 0) state.cartData.push(item);
  forgetLeftTiers(state);
  return item;
}

/** The most one order may have of a product's variation (0 for a product without variations). */
export interface LineLimit {
  product_id: number;
  variation_id: number;
  max_quantity: number;
}

/** The order created from this cart, as orderData keeps it. */
export interface PendingOrder {
  id: number;
  /** Its total in pounds, as the shop priced it. */
  total: number;
  /** The coupon it was placed with, '' for none. */
  coupon: string;
  /**
   * What the order was made of: each line as it was ordered (its key and quantity, and what it
   * was called and cost then, for the purchase analytics is told of).
   */
  lines: OrderedLine[];
}

/** A line of the pending order: a cart line's key, quantity, name and price. */
interface OrderedLine {
  id: number | string;
  slug: string;
  month: string;
  from?: 'event';
  quantity: number;
  /** Unit price in pounds. */
  price: number;
  title?: string;
}

/** A stored order's line, through the cart's own rules; null for one that cannot be a line. */
function toOrderedLine(line: unknown): OrderedLine | null {
  if (typeof line !== 'object' || line === null) return null;
  const record = line as Record<string, unknown>;
  if (!isLineId(record.id)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return orderedLineOf(
    toItem({
      id: record.id,
      slug: text(record.slug),
      month: text(record.month),
      from: text(record.from),
      quantity: record.quantity,
      price: record.price,
      title: text(record.title),
    }),
  );
}

/** What the pending order keeps of a cart line. */
function orderedLineOf(line: CartItem): OrderedLine {
  return {
    id: line.id,
    slug: line.slug,
    month: line.month,
    ...(line.from ? { from: line.from } : {}),
    quantity: line.quantity,
    price: line.price,
    ...(line.title ? { title: line.title } : {}),
  };
}

/** The pending order in orderData, or null when there is none (or it cannot be read). */
export function readPendingOrder(orderData: string): PendingOrder | null {
  if (!orderData) return null;
  try {
    const parsed: unknown = JSON.parse(orderData);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, lines, total, coupon } = parsed as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
    const ordered = Array.isArray(lines)
      ? lines.flatMap((line: unknown) => toOrderedLine(line) ?? [])
      : [];
    return {
      id,
      total: toPrice(total),
      coupon: typeof coupon === 'string' ? coupon.slice(0, 100) : '',
      lines: ordered,
    };
  } catch {
    return null;
  }
}

/** What another tab's copy of the cart brings: its lines, removals, fields and clocks. */
type CartCopy = Omit<CartState, 'totalQuantity' | 'totalAmount'>;

const cartSlice = createSlice({
  name: 'cartData',
  initialState: initialCartState,
  reducers: {
    /**
     * Appends the item (a line matching it takes the quantity instead). The first add is priced
     * as the first item's price times the total quantity, which is the sum over the one line;
     * later adds sum every line.
     */
    itemAdded(state, action: PayloadAction<CartItemInput>) {
      const item = newLine(action.payload);
      if (item.quantity === 0) return;
      const same = state.cartData.find((line) => lineKey(line) === lineKey(item));
      if (same) {
        limitFor(same, action.payload);
        same.quantity = raised(same.quantity, item.quantity, same.max_quantity);
      } else state.cartData.push(item);
      settle(state);
    },
    /**
     * Raises (never above the line's limit) or with type 'decrease' lowers (never below
     * QUANTITY_FLOOR) the matching line; appends when none matches.
     */
    itemUpdated(state, action: PayloadAction<CartItemInput>) {
      const input = action.payload;
      const delta = toQuantity(input.quantity);
      const line = state.cartData.find((candidate) => matches(candidate, input));
      if (line) {
        limitFor(line, input);
        line.quantity =
          input.type === 'decrease'
            ? lowered(line.quantity, delta)
            : raised(line.quantity, delta, line.max_quantity);
        if (input.price !== undefined) line.price = toPrice(input.price);
      } else if (delta > 0 && input.type !== 'decrease') {
        const item = newLine(input);
        if (item.quantity > 0) state.cartData.push(item);
      }
      forgetLeftTiers(state);
      settle(state);
    },
    /**
     * Removes every line with the package's slug and adds the package; a replaced package's tier
     * forgets its duration.
     */
    packageReplaced(state, action: PayloadAction<CartItemInput>) {
      replacePackage(state, action.payload);
      settle(state);
    },
    /**
     * A subscription package chosen on the shop's pages: it replaces any package in the cart and
     * its tier's duration is the one chosen (the subscription list takes its entry too).
     */
    packageChosen(state, action: PayloadAction<PackageChoice>) {
      const choice = action.payload;
      const item = replacePackage(state, {
        id: choice.product_id,
        slug: PACKAGE_SLUG,
        month: choice.month,
        quantity: 1,
        price: choice.price,
        title: choice.title,
        tier: choice.tier,
        product_id: choice.product_id,
        variation_id: choice.variation_id,
        max_quantity: choice.max_quantity,
      });
      if (item.tier && item.quantity > 0) state[durationKey[item.tier]] = item.month;
      settle(state);
    },
    courseDeleted(state, action: PayloadAction<{ id: number | string; month?: string }>) {
      const { id, month } = action.payload;
      state.cartData = state.cartData.filter(
        (line) => !(line.id === id && (month === undefined || line.month === month)),
      );
      forgetLeftTiers(state);
      settle(state);
    },
    /** Clear all: every cart field empty or zero; the removals are remembered. */
    cartCleared(state) {
      Object.assign(state, {
        ...initialCartState,
        removedLines: state.removedLines,
        revision: state.revision,
        metaRevision: state.metaRevision,
      });
      settle(state);
    },
    /** The end of a session: nothing of the cart stays, not even what was removed. */
    cartReset(state) {
      return { ...initialCartState, epoch: state.epoch + 1 };
    },
    /** Empties lines, quantity and discounts but keeps the total and the subscription fields. */
    cartLightCleared(state) {
      state.cartData = [];
      state.totalQuantity = 0;
      state.discountedCouponAmount = 0;
      state.discountedRewardAmount = 0;
      state.couponName = '';
      state.couponPercent = 0;
      stamp(state);
    },
    /**
     * A coupon the shop confirmed: a fixed amount in whole pounds (discounts are parsed as
     * integers), or with `percent` a whole percentage of the lines, whose discount is taken again
     * whenever the lines change (so the cart's total stays the order's).
     */
    couponApplied(
      state,
      action: PayloadAction<{ amount: unknown; couponName: string; percent?: unknown }>,
    ) {
      const { amount, couponName, percent } = action.payload;
      state.couponPercent = toPercent(percent);
      state.discountedCouponAmount = state.couponPercent > 0 ? 0 : toDiscount(amount);
      state.couponName = couponName;
      settle(state);
    },
    couponRemoved(state) {
      state.discountedCouponAmount = 0;
      state.couponName = '';
      state.couponPercent = 0;
      settle(state);
    },
    rewardApplied(state, action: PayloadAction<{ amount: unknown }>) {
      state.discountedRewardAmount = toDiscount(action.payload.amount);
      settle(state);
    },
    rewardRemoved(state) {
      state.discountedRewardAmount = 0;
      settle(state);
    },
    /**
     * The server priced the order differently (409 `price_changed`): each line takes its unit price
     * now (matched by product and variation, variation 0 being a simple product or an event), the
     * coupon stays with the server's discount and the reward becomes the server's, so the total is
     * the server's. The amounts are the server's to the penny (not parsed as integers like an
     * applied discount): a percentage coupon's "11.99" would otherwise leave the cart a pound off
     * and every checkout would be refused again.
     */
    linePricesChanged(state, action: PayloadAction<PriceChange>) {
      const { lines, discount, reward } = action.payload;
      for (const line of state.cartData) {
        const priced = lines.find(
          (candidate) =>
            candidate.product_id === line.product_id &&
            candidate.variation_id === (line.variation_id ?? 0),
        );
        if (priced) line.price = toPrice(priced.price);
      }
      state.discountedCouponAmount = toPrice(discount);
      state.discountedRewardAmount = toPrice(reward);
      settle(state, false);
    },
    /**
     * The shop refused an order over what it sells (409 `quantity_limit`): each line of a product
     * (and variation, 0 for none) it named takes the limit, which the cart shows and never raises
     * the line above. Quantities stay as they are: the shopper chooses what to lower or remove.
     */
    lineLimitsFound(state, action: PayloadAction<readonly LineLimit[]>) {
      for (const line of state.cartData) {
        const found = action.payload.find(
          (limit) =>
            limit.product_id === line.product_id && limit.variation_id === (line.variation_id ?? 0),
        );
        const max = toLimit(found?.max_quantity);
        if (max !== undefined) line.max_quantity = max;
      }
      settle(state, false);
    },
    /** Subtracts a value from the total, rounded to 2 decimals, never below 0. */
    priceReduced(state, action: PayloadAction<unknown>) {
      const next = subtractMoney(state.totalAmount, toPrice(action.payload));
      state.totalAmount = Math.max(0, roundMoney(next));
    },
    totalSet(state, action: PayloadAction<unknown>) {
      state.totalAmount = toPrice(action.payload);
    },
    durationSet(state, action: PayloadAction<{ tier: SubscriptionTier; duration: string }>) {
      const { tier, duration } = action.payload;
      if (SUBSCRIPTION_TIERS.includes(tier)) state[durationKey[tier]] = duration;
      stamp(state);
    },
    /**
     * Checkout created an order from these lines (with the cart's coupon): it is pending until it
     * is paid or given up.
     */
    orderPlaced(state, action: PayloadAction<{ order: WcOrder; lines: readonly CartItem[] }>) {
      const { order, lines } = action.payload;
      state.orderData = JSON.stringify({
        ...order,
        coupon: state.couponName,
        lines: lines.map(orderedLineOf),
      });
      stamp(state);
    },
    /**
     * The pending order was paid: what it was made of leaves the cart (lines added since stay),
     * with the coupon and reward it used. Another order's payment changes nothing.
     */
    orderPaid(state, action: PayloadAction<{ orderId: number }>) {
      const pending = readPendingOrder(state.orderData);
      if (pending?.id !== action.payload.orderId) return;
      for (const ordered of pending.lines) {
        const line = state.cartData.find((candidate) => lineKey(candidate) === lineKey(ordered));
        if (line) line.quantity = Math.max(0, line.quantity - ordered.quantity);
      }
      state.orderData = '';
      state.discountedCouponAmount = 0;
      state.discountedRewardAmount = 0;
      state.couponName = '';
      state.couponPercent = 0;
      recompute(state);
      forgetLeftTiers(state);
      stamp(state);
    },
    /** The pending order was cancelled or its payment failed: the cart stays as it is. */
    orderAbandoned(state, action: PayloadAction<{ orderId: number }>) {
      if (readPendingOrder(state.orderData)?.id !== action.payload.orderId) return;
      state.orderData = '';
      stamp(state);
    },
    /**
     * The lines as a merge with another copy (the cart service, or the login merge) left them:
     * already stamped, so nothing is stamped again. The same cart changes nothing.
     */
    cartSynced(state, action: PayloadAction<CartLines>) {
      const incoming = action.payload;
      const current: CartLines = { lines: state.cartData, removed: state.removedLines };
      if (cartText(incoming) === cartText(current)) return;
      state.cartData = incoming.lines.map((line) => ({ ...line }));
      state.removedLines = incoming.removed.map((line) => ({ ...line }));
      state.revision = Math.max(state.revision, highestStamp(incoming));
      forgetLeftTiers(state);
      recompute(state);
    },
    /**
     * Stores the cart again (its clock moves on, nothing else changes): another tab stored
     * something unreadable in its place, and a reload would otherwise find that.
     */
    cartStoredAgain(state) {
      state.revision += 1;
    },
    /**
     * Another tab's copy: lines merged line by line, the other fields from the copy whose last
     * change to them is later. Nothing changes when the copy brings nothing new.
     */
    cartCopyMerged(state, action: PayloadAction<CartCopy>) {
      const copy = action.payload;
      // A copy of a cart whose session has ended here; or a tab here that has not heard yet of a
      // session that ended elsewhere.
      if (copy.epoch < state.epoch) return;
      if (copy.epoch > state.epoch)
        Object.assign(state, { ...initialCartState, epoch: copy.epoch });
      const current: CartLines = { lines: state.cartData, removed: state.removedLines };
      const merged = mergeLines(current, { lines: copy.cartData, removed: copy.removedLines });
      const copyMetaWins =
        copy.metaRevision > state.metaRevision ||
        (copy.metaRevision === state.metaRevision && metaText(copy) > metaText(state));
      const linesChange = cartText(merged) !== cartText(current);
      const metaChange = copyMetaWins && metaText(copy) !== metaText(state);
      if (!linesChange && !metaChange && copy.revision <= state.revision) return;
      if (linesChange) {
        state.cartData = merged.lines;
        state.removedLines = merged.removed;
      }
      if (metaChange) {
        Object.assign(state, metaOf(copy));
        state.metaRevision = copy.metaRevision;
      }
      state.revision = Math.max(state.revision, copy.revision, highestStamp(merged));
      recompute(state);
    },
  },
  selectors: {
    selectCartItems: (state) => state.cartData,
    selectTotalQuantity: (state) => state.totalQuantity,
    selectTotalAmount: (state) => state.totalAmount,
    selectSubtotal: (state) => sumLines(state.cartData),
    selectCoupon: (state) => ({ name: state.couponName, amount: state.discountedCouponAmount }),
    selectRewardAmount: (state) => state.discountedRewardAmount,
    selectDurations: (state) => ({
      silver: state.silverDuration,
      gold: state.goldDuration,
      ultimate: state.ultimateDuration,
    }),
    /** The pending order with its lines (parsed on each call: read it outside rendering). */
    selectPendingOrder: (state) => readPendingOrder(state.orderData),
    /** The pending order's id, for components. */
    selectPendingOrderId: (state) => readPendingOrder(state.orderData)?.id ?? null,
  },
});

export const {
  itemUpdated,
  packageReplaced,
  packageChosen,
  courseDeleted,
  cartCleared,
  cartReset,
  couponApplied,
  couponRemoved,
  rewardApplied,
  rewardRemoved,
  linePricesChanged,
  lineLimitsFound,
  durationSet,
  orderPlaced,
  orderPaid,
  orderAbandoned,
  cartSynced,
  cartCopyMerged,
  cartStoredAgain,
} = cartSlice.actions;

/** The cart model's tested transitions that no screen uses yet (`cartTransitions`). */
export const { itemAdded, cartLightCleared, priceReduced, totalSet } = cartSlice.actions;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a stored cart back through the cart's own rules, so hostile numbers cannot survive; its
 * lines keep their stamps and its removals are remembered. A cart written before stamps existed
 * reads as stamp 0: anything a newer copy says wins over it. The totals follow the lines,
 * whatever was stored. Undefined when the value is no cart.
 */
export function restoreCart(value: unknown): CartState | undefined {
  if (!isRecord(value) || !Array.isArray(value.cartData)) return undefined;
  const stored: unknown[] = value.cartData;
  const removals: unknown[] = Array.isArray(value.removedLines) ? value.removedLines : [];
  const { lines, removed: removedLines } = readLines([
    ...stored,
    ...removals.map((line) => (isRecord(line) ? { ...line, removed: true } : line)),
  ]);
  const text = (field: keyof CartState): string =>
    typeof value[field] === 'string' ? value[field] : '';
  const cart: CartLines = { lines, removed: removedLines };
  const restored: CartState = {
    ...initialCartState,
    couponName: text('couponName'),
    couponPercent: toPercent(value.couponPercent),
    discountedCouponAmount: toPrice(value.discountedCouponAmount),
    discountedRewardAmount: toPrice(value.discountedRewardAmount),
    orderData: text('orderData'),
    silverDuration: text('silverDuration'),
    goldDuration: text('goldDuration'),
    ultimateDuration: text('ultimateDuration'),
    subscriptionId: text('subscriptionId'),
    courseDetails: text('courseDetails'),
    metaRevision: toStamp(value.metaRevision),
    epoch: toStamp(value.epoch),
    revision: Math.max(toStamp(value.revision), toStamp(value.metaRevision), highestStamp(cart)),
  };
  return cartSlice.reducer(restored, cartSynced(cart));
}

/** The cart in the page's store, read back from storage by its own rules. */
const injectedCart = injectSlice(cartSlice, { restore: restoreCart });

/**
 * The page's state with the cart in it: the cart's slice is injected when its code arrives, so
 * the platform's state type does not name it.
 */
export type WithCart = RootState & { cartData?: CartState };

/** The cart of a page's state (its initial state until the cart's slice is there). */
export const selectCart = (state: WithCart): CartState => state.cartData ?? initialCartState;

export const {
  selectCartItems,
  selectTotalQuantity,
  selectTotalAmount,
  selectSubtotal,
  selectCoupon,
  selectRewardAmount,
  selectDurations,
  selectPendingOrder,
  selectPendingOrderId,
} = injectedCart.getSelectors(selectCart);

/** The cart's lines and removals, as the sync reads them. */
export function selectCartLines(state: WithCart): CartLines {
  const cart = selectCart(state);
  return { lines: cart.cartData, removed: cart.removedLines };
}
