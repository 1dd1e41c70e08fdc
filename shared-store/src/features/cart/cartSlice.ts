import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PriceChange } from '../../api/types';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../../constants';
import {
  addMoney,
  roundMoney,
  subtractMoney,
  sumLines,
  toDiscount,
  toNumber,
  toPrice,
  toQuantity,
} from '../../lib/money';

/** One line of the cart (spec section 3): id, slug, month, quantity, price. */
export interface CartItem {
  id: number | string;
  slug: string;
  /** The month option of a course ("3 Months"), or the tier duration of a package. */
  month: string;
  quantity: number;
  /** Unit price in pounds. */
  price: number;
  /** Shown on the cart page; not part of the matching rules. */
  title?: string;
  /** 'event' lines are matched by id alone. */
  from?: 'event';
  /** The WooCommerce product and variation an order is made of. */
  product_id?: number;
  variation_id?: number;
  /** Subscription packages: which tier the line is. */
  tier?: SubscriptionTier;
}

/** What callers hand to add and update: raw values, parsed here. */
export interface CartItemInput {
  id: number | string;
  slug?: string;
  month?: string;
  quantity?: unknown;
  price?: unknown;
  title?: string;
  from?: string;
  product_id?: unknown;
  variation_id?: unknown;
  tier?: string;
  /** 'decrease' lowers the quantity; anything else raises it. */
  type?: string;
}

export interface CartState {
  cartData: CartItem[];
  totalQuantity: number;
  totalAmount: number;
  discountedCouponAmount: number;
  discountedRewardAmount: number;
  couponName: string;
  /** Serialized text of the last created order. */
  orderData: string;
  silverDuration: string;
  goldDuration: string;
  ultimateDuration: string;
  subscriptionId: string;
  /** Serialized text. */
  courseDetails: string;
}

export const initialCartState: CartState = {
  cartData: [],
  totalQuantity: 0,
  totalAmount: 0,
  discountedCouponAmount: 0,
  discountedRewardAmount: 0,
  couponName: '',
  orderData: '',
  silverDuration: '',
  goldDuration: '',
  ultimateDuration: '',
  subscriptionId: '',
  courseDetails: '',
};

/** A positive whole WooCommerce id, or undefined. */
function toId(value: unknown): number | undefined {
  const n = toNumber(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function toItem(input: CartItemInput): CartItem {
  const item: CartItem = {
    id: input.id,
    slug: input.slug ?? '',
    month: input.month ?? '',
    quantity: toQuantity(input.quantity),
    price: toPrice(input.price),
  };
  if (input.title) item.title = input.title;
  if (input.from === 'event') item.from = 'event';
  const productId = toId(input.product_id);
  if (productId) item.product_id = productId;
  const variationId = toId(input.variation_id);
  if (variationId) item.variation_id = variationId;
  const tier = SUBSCRIPTION_TIERS.find((known) => known === input.tier);
  if (tier) item.tier = tier;
  return item;
}

function matches(line: CartItem, input: CartItemInput): boolean {
  if (line.id !== input.id) return false;
  return input.from === 'event' || line.from === 'event' || line.month === (input.month ?? '');
}

/** Totals follow the lines: quantity summed, amount = lines less the applied discounts, >= 0. */
function recompute(state: CartState): void {
  state.cartData = state.cartData.filter((line) => line.quantity > 0);
  state.totalQuantity = state.cartData.reduce((sum, line) => sum + line.quantity, 0);
  const discounts = addMoney(state.discountedCouponAmount, state.discountedRewardAmount);
  state.totalAmount = Math.max(0, subtractMoney(sumLines(state.cartData), discounts));
}

const durationKey = {
  silver: 'silverDuration',
  gold: 'goldDuration',
  ultimate: 'ultimateDuration',
} as const satisfies Record<SubscriptionTier, keyof CartState>;

export const cartSlice = createSlice({
  name: 'cartData',
  initialState: initialCartState,
  reducers: {
    /**
     * Appends the item. The specification prices the first add as the first item's price times the
     * total quantity, which is the sum over the one line; later adds sum every line.
     */
    itemAdded(state, action: PayloadAction<CartItemInput>) {
      const item = toItem(action.payload);
      if (item.quantity === 0) return;
      state.cartData.push(item);
      recompute(state);
    },
    /** Raises (or with type 'decrease' lowers, floor 0) the matching line; appends when none matches. */
    itemUpdated(state, action: PayloadAction<CartItemInput>) {
      const input = action.payload;
      const delta = toQuantity(input.quantity);
      const line = state.cartData.find((candidate) => matches(candidate, input));
      if (line) {
        line.quantity =
          input.type === 'decrease'
            ? Math.max(0, line.quantity - delta)
            : toQuantity(line.quantity + delta);
        if (input.price !== undefined) line.price = toPrice(input.price);
      } else if (delta > 0 && input.type !== 'decrease') {
        state.cartData.push(toItem(input));
      }
      recompute(state);
    },
    /** Removes every line with the package's slug and adds the package. */
    packageReplaced(state, action: PayloadAction<CartItemInput>) {
      const item = toItem(action.payload);
      state.cartData = state.cartData.filter((line) => line.slug !== item.slug);
      if (item.quantity > 0) state.cartData.push(item);
      recompute(state);
    },
    courseDeleted(state, action: PayloadAction<{ id: number | string; month?: string }>) {
      const { id, month } = action.payload;
      state.cartData = state.cartData.filter(
        (line) => !(line.id === id && (month === undefined || line.month === month)),
      );
      recompute(state);
    },
    cartCleared() {
      return initialCartState;
    },
    /** Empties lines, quantity and discounts; keeps the total and the subscription fields. */
    cartLightCleared(state) {
      state.cartData = [];
      state.totalQuantity = 0;
      state.discountedCouponAmount = 0;
      state.discountedRewardAmount = 0;
      state.couponName = '';
    },
    couponApplied(state, action: PayloadAction<{ amount: unknown; couponName: string }>) {
      state.discountedCouponAmount = toDiscount(action.payload.amount);
      state.couponName = action.payload.couponName;
      recompute(state);
    },
    couponRemoved(state) {
      state.discountedCouponAmount = 0;
      state.couponName = '';
      recompute(state);
    },
    rewardApplied(state, action: PayloadAction<{ amount: unknown }>) {
      state.discountedRewardAmount = toDiscount(action.payload.amount);
      recompute(state);
    },
    rewardRemoved(state) {
      state.discountedRewardAmount = 0;
      recompute(state);
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
      recompute(state);
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
    },
    orderDataSet(state, action: PayloadAction<string>) {
      state.orderData = action.payload;
    },
    subscriptionIdSet(state, action: PayloadAction<string>) {
      state.subscriptionId = action.payload;
    },
    courseDetailsSet(state, action: PayloadAction<string>) {
      state.courseDetails = action.payload;
    },
    /** Replaces the lines with a merged list (after login): totals follow. */
    cartRestored(state, action: PayloadAction<CartItemInput[]>) {
      state.cartData = action.payload.map(toItem);
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
  },
});

export const {
  itemAdded,
  itemUpdated,
  packageReplaced,
  courseDeleted,
  cartCleared,
  cartLightCleared,
  couponApplied,
  couponRemoved,
  rewardApplied,
  rewardRemoved,
  linePricesChanged,
  priceReduced,
  totalSet,
  durationSet,
  orderDataSet,
  subscriptionIdSet,
  courseDetailsSet,
  cartRestored,
} = cartSlice.actions;

export const {
  selectCartItems,
  selectTotalQuantity,
  selectTotalAmount,
  selectSubtotal,
  selectCoupon,
  selectRewardAmount,
  selectDurations,
} = cartSlice.selectors;
