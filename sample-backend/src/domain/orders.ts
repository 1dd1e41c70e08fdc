import type { Coupon, OrderLineInput, Product } from '../data/files';
import type { SampleData } from '../data/load';
import { variationPricePence, productPricePence } from './catalogue';
import { couponDiscountPence, usableCoupon } from './coupons';

/** One priced order line: what the buyer pays, worked out from the catalogue. */
export interface PricedLine {
  product_id: number;
  /** 0 for a simple product, as WooCommerce writes it. */
  variation_id: number;
  name: string;
  sku: string;
  /** The Month option of a variation, e.g. "3 Months"; undefined for simple products. */
  month?: string;
  quantity: number;
  unitPence: number;
  subtotalPence: number;
  /** After this line's share of the coupon discount. */
  totalPence: number;
}

/** The priced content of an order. */
export interface PricedOrder {
  lines: PricedLine[];
  coupons: { code: string; discountPence: number }[];
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
}

function priceLine(product: Product, line: OrderLineInput): Omit<PricedLine, 'totalPence'> {
  const variation = product.variations?.find((v) => v.id === line.variation_id);
  const unitPence = variation ? variationPricePence(variation) : productPricePence(product);
  return {
    product_id: product.id,
    variation_id: variation?.id ?? 0,
    name: variation ? `${product.name} - ${variation.month}` : product.name,
    sku: variation?.sku ?? product.sku,
    ...(variation ? { month: variation.month } : {}),
    quantity: line.quantity,
    unitPence,
    subtotalPence: unitPence * line.quantity,
  };
}

/**
 * Prices validated order lines from the catalogue and applies the coupons. Only ids and
 * quantities come from the client: prices never do. The total discount is capped at the
 * subtotal (a £5000 coupon makes a £49.99 order free, not negative) and shared across the lines
 * in proportion to their value.
 */
export function priceOrder(
  data: SampleData,
  lines: readonly OrderLineInput[],
  coupons: readonly Coupon[],
): PricedOrder {
  const priced = lines.map((line) => {
    const product = data.productsById.get(line.product_id);
    if (!product)
      throw new Error(`priceOrder: product ${String(line.product_id)} was not validated`);
    return priceLine(product, line);
  });
  const subtotalPence = priced.reduce((sum, line) => sum + line.subtotalPence, 0);

  let remaining = subtotalPence;
  const appliedCoupons = coupons.map((coupon) => {
    const discountPence = Math.min(remaining, couponDiscountPence(coupon, subtotalPence));
    remaining -= discountPence;
    return { code: coupon.code, discountPence };
  });
  const discountPence = subtotalPence - remaining;

  // Share the discount in proportion to line value, then hand the pennies lost to rounding to the
  // lines with the largest remainders: no line ever goes below zero.
  const shares = priced.map((line) => {
    const exact = discountPence * line.subtotalPence;
    return subtotalPence === 0
      ? { line, share: 0, remainder: 0 }
      : { line, share: Math.floor(exact / subtotalPence), remainder: exact % subtotalPence };
  });
  let leftover = discountPence - shares.reduce((sum, entry) => sum + entry.share, 0);
  for (const entry of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (leftover === 0) break;
    entry.share += 1;
    leftover -= 1;
  }
  const withTotals = shares.map(({ line, share }) => ({
    ...line,
    totalPence: line.subtotalPence - share,
  }));

  return {
    lines: withTotals,
    coupons: appliedCoupons,
    subtotalPence,
    discountPence,
    totalPence: subtotalPence - discountPence,
  };
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
