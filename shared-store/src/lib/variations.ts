import { formatPrice, toPrice } from './money';

/** One purchasable month (or duration) option of a WooCommerce variable product. */
export interface MonthOption {
  month: string;
  price: number;
  variationId: number;
  /** The price before a sale (shown struck through), only while a sale makes `price` lower. */
  regularPrice?: number;
  /**
   * The most one order may have of it, as the shop sells it (1 for a course sold individually,
   * what is left of a counted stock); absent for no limit.
   */
  maxQuantity?: number;
}

/** A variation's `max_quantity`: a whole number of 0 or more, else no limit. */
function limitOf(value: unknown): { maxQuantity?: number } {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? { maxQuantity: value }
    : {};
}

/**
 * A variation's regular price while it is on sale: WooCommerce gives a sale price, lower than the
 * regular one, and charges less than the regular (a sale not yet started leaves its price alone).
 */
function saleOf(variation: Record<string, unknown>, price: number): { regularPrice?: number } {
  const regular = toPrice(variation.regular_price);
  const sale = toPrice(variation.sale_price);
  return sale > 0 && sale < regular && price < regular ? { regularPrice: regular } : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The month (duration) name of a variation's attributes, or ''. */
function monthOf(attributes: unknown): string {
  if (!Array.isArray(attributes)) return '';
  const named = attributes.filter(isRecord).filter((a) => typeof a.option === 'string');
  const month = named.find((a) => typeof a.name === 'string' && /month|duration/i.test(a.name));
  const chosen = month ?? named[0];
  return typeof chosen?.option === 'string' ? chosen.option.trim() : '';
}

/**
 * The month options of a WooCommerce variation list: entries with a positive whole id, a month
 * name and a price above zero, first of each month kept, with its regular price while on sale.
 * Anything malformed is skipped.
 */
export function monthOptions(variations: unknown): MonthOption[] {
  if (!Array.isArray(variations)) return [];
  const options: MonthOption[] = [];
  for (const variation of variations) {
    if (!isRecord(variation)) continue;
    const { id } = variation;
    const month = monthOf(variation.attributes);
    const price = toPrice(variation.price);
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) continue;
    if (month === '' || price <= 0 || options.some((o) => o.month === month)) continue;
    options.push({
      month,
      price,
      variationId: id,
      ...saleOf(variation, price),
      ...limitOf(variation.max_quantity),
    });
  }
  return options;
}

/**
 * A product's price as a list of results gives it (the header's suggestions, the search page):
 * from its month options (the lowest, "From £49.99" when there are several), else, for a product
 * the shop sells without them (an event), the price WordPress lists; '' while the prices are not
 * known (`variations` undefined), or for a product the shop cannot price.
 */
export function productPriceText(variations: unknown, listed: number): string {
  const prices = monthOptions(variations).map((option) => option.price);
  if (prices.length === 0) {
    return Array.isArray(variations) && listed > 0 ? formatPrice(listed) : '';
  }
  const lowest = formatPrice(Math.min(...prices));
  return prices.length > 1 ? `From ${lowest}` : lowest;
}
