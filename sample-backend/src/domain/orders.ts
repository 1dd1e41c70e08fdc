import type { Coupon, OrderLineInput, Product } from '../data/files';
import { variationPricePence, productPricePence } from './catalogue';
import { couponDiscountPence, usableCoupon } from './coupons';

/**
 * Order pricing as WooCommerce does it for a REST client with an admin key: lines at the catalogue
 * price unless the client names `subtotal` / `total`, coupons shared across the lines, fee lines
 * (negative ones lower the total, never below zero) and the totals.
 */

/** A line as a client asked for it; the amounts, in pence, are WooCommerce's `subtotal`/`total`. */
export interface LineRequest extends OrderLineInput {
  subtotalPence?: number;
  totalPence?: number;
}

/** One priced order line. */
export interface PricedLine {
  product_id: number;
  /** 0 for a simple product, as WooCommerce writes it. */
  variation_id: number;
  name: string;
  sku: string;
  /** The Month option of a variation, e.g. "3 Months"; undefined for simple products. */
  month?: string;
  quantity: number;
  /** The catalogue unit price when the line was added. */
  unitPence: number;
  /** Before coupons. */
  subtotalPence: number;
  /** After this line's share of the coupon discount. */
  totalPence: number;
}

/** A fee line as a client sends it. */
interface FeeRequest {
  name: string;
  /** May be negative: a discount. */
  totalPence: number;
  tax_status: string;
}

/** A stored fee line. */
export interface FeeLine extends FeeRequest {
  id: number;
}

/** The totals WooCommerce's `calculate_totals` writes. */
export interface OrderTotals {
  fees: FeeLine[];
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
}

/** The priced content of a new order (fee ids are assigned by the caller). */
export interface PricedOrder extends OrderTotals {
  lines: PricedLine[];
  coupons: { code: string; discountPence: number }[];
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** Prices one validated line: the catalogue price times the quantity, unless the client named it. */
function priceLine(product: Product, line: LineRequest): PricedLine {
  const variation = product.variations?.find((v) => v.id === line.variation_id);
  const unitPence = variation ? variationPricePence(variation) : productPricePence(product);
  // WooCommerce sets both amounts from the catalogue, then overwrites each one the client sent.
  return {
    product_id: product.id,
    variation_id: variation?.id ?? 0,
    name: variation ? `${product.name} - ${variation.month}` : product.name,
    sku: variation?.sku ?? product.sku,
    ...(variation ? { month: variation.month } : {}),
    quantity: line.quantity,
    unitPence,
    subtotalPence: line.subtotalPence ?? unitPence * line.quantity,
    totalPence: line.totalPence ?? unitPence * line.quantity,
  };
}

/**
 * Applies coupons like WooCommerce's `recalculate_coupons`: line totals restart from the line
 * subtotals, the discount (capped at the subtotal) is shared in proportion to line value, and the
 * pennies lost to rounding go to the lines with the largest remainders. Without coupons the line
 * totals stay as they are.
 */
function applyCoupons(
  lines: readonly PricedLine[],
  coupons: readonly Coupon[],
): Pick<PricedOrder, 'lines' | 'coupons'> {
  if (coupons.length === 0) return { lines: [...lines], coupons: [] };
  const subtotalPence = sum(lines.map((line) => line.subtotalPence));
  let remaining = subtotalPence;
  const applied = coupons.map((coupon) => {
    const discountPence = Math.min(remaining, couponDiscountPence(coupon, subtotalPence));
    remaining -= discountPence;
    return { code: coupon.code, discountPence };
  });
  const discountPence = subtotalPence - remaining;
  const shares = lines.map((line) => {
    const exact = discountPence * line.subtotalPence;
    return subtotalPence === 0
      ? { line, share: 0, remainder: 0 }
      : { line, share: Math.floor(exact / subtotalPence), remainder: exact % subtotalPence };
  });
  let leftover = discountPence - sum(shares.map((entry) => entry.share));
  for (const entry of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (leftover === 0) break;
    entry.share += 1;
    leftover -= 1;
  }
  return {
    lines: shares.map(({ line, share }) => ({ ...line, totalPence: line.subtotalPence - share })),
    coupons: applied,
  };
}

/**
 * WooCommerce's `calculate_totals`: a negative fee is cut down so the order total never goes
 * below zero; the discount is what the line totals are below their subtotals.
 */
export function orderTotals(lines: readonly PricedLine[], fees: readonly FeeLine[]): OrderTotals {
  const cartPence = sum(lines.map((line) => line.totalPence));
  let feesPence = 0;
  const capped = fees.map((fee) => {
    const floor = -Math.max(0, cartPence + feesPence);
    const totalPence = fee.totalPence < floor ? floor : fee.totalPence;
    feesPence += totalPence;
    return { ...fee, totalPence };
  });
  const subtotalPence = sum(lines.map((line) => line.subtotalPence));
  return {
    fees: capped,
    subtotalPence,
    discountPence: Math.max(0, subtotalPence - cartPence),
    totalPence: Math.max(0, cartPence + feesPence),
  };
}

/** Prices the validated lines of a new order, then its coupons and fees. */
export function priceOrder(
  products: ReadonlyMap<number, Product>,
  lines: readonly LineRequest[],
  coupons: readonly Coupon[],
  fees: readonly FeeLine[] = [],
): PricedOrder {
  const priced = lines.map((line) => {
    const product = products.get(line.product_id);
    if (!product)
      throw new Error(`priceOrder: product ${String(line.product_id)} was not validated`);
    return priceLine(product, line);
  });
  const withCoupons = applyCoupons(priced, coupons);
  return { ...withCoupons, ...orderTotals(withCoupons.lines, fees) };
}

/** Resolves coupon codes of an order, rejecting unknown, expired and repeated codes. */
export function orderCoupons(
  all: readonly Coupon[],
  codes: readonly string[],
  now: Date,
): Coupon[] {
  const coupons = codes.map((code) => usableCoupon(all, code, now));
  return coupons.filter((coupon, index) => coupons.indexOf(coupon) === index);
}
