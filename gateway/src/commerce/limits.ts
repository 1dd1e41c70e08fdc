import { ShopError } from './errors';
import { eachAtMost } from './eachAtMost';
import type { CountedStock } from './placeHolds';
import {
  wcProduct,
  wcVariations,
  type OrderInput,
  type WcProduct,
  type WcVariation,
} from './schemas';
import type { WooCommerce } from './wooCommerce';

/** WooCommerce reads one order's check makes at once. */
const READS_AT_ONCE = 4;

type Stock = Pick<
  WcProduct,
  'purchasable' | 'manage_stock' | 'stock_quantity' | 'stock_status' | 'backorders'
>;

/** How many an order may have of what this stock holds: null when WooCommerce does not count it. */
function stockLimit(stock: Stock): number | null {
  if (stock.purchasable === false || stock.stock_status === 'outofstock') return 0;
  if (stock.manage_stock !== true || stock.backorders !== 'no' || stock.stock_quantity === null) {
    return null;
  }
  return Math.max(0, stock.stock_quantity);
}

/**
 * The stock a line draws on: its variation's own when the variation manages it, else its
 * product's (an event's places, or a variation's "parent" stock).
 */
function stockOf(product: WcProduct, variation: WcVariation | undefined): Stock {
  if (variation?.manage_stock === true) return variation;
  if (variation && stockLimit(variation) === 0) return variation;
  return product;
}

/**
 * The most one order may have of a product (or one of its variations), as the shop would sell
 * it: 1 when it is sold individually, what is left when its stock is counted, 0 when it cannot be
 * bought; null for no limit.
 */
export function quantityLimit(product: WcProduct, variation?: WcVariation): number | null {
  const stock = stockLimit(stockOf(product, variation));
  if (!product.sold_individually) return stock;
  return stock === null ? 1 : Math.min(1, stock);
}

/** Why a line cannot be ordered as it is. */
type LimitReason = 'sold_out' | 'sold_individually' | 'stock';

/** A line over its limit, as the refusal names it to the cart. */
interface OverLimit {
  product_id: number;
  variation_id: number;
  /** The most the order may have of it (0: none can be bought). */
  max_quantity: number;
  reason: LimitReason;
}

/** What the learner reads of a line over its limit. */
function sentence(name: string, { max_quantity: max, reason }: OverLimit): string {
  if (reason === 'sold_out') return `${name} is sold out.`;
  if (reason === 'sold_individually') return `${name} can be bought only once per order.`;
  return `${name}: only ${String(max)} left.`;
}

/**
 * Refuses (409 `quantity_limit`) an order the shop would not sell: a quantity over what is left
 * of a counted stock (an event's places), more than one of a product sold individually, or
 * anything sold out or not for sale. The refusal names each line's limit, so the cart can show
 * it; nothing is created. WooCommerce's REST API would take such an order, so the gateway reads
 * the products as they are now (never a cached copy) and checks. Answers the counted stocks the
 * lines draw on (what the order must hold: placeHolds.ts).
 */
export async function checkLimits(
  wc: WooCommerce,
  lines: readonly Pick<OrderInput['lines'][number], 'product_id' | 'variation_id' | 'quantity'>[],
): Promise<CountedStock[]> {
  const productIds = [...new Set(lines.map((line) => line.product_id))];
  const reads = await eachAtMost(READS_AT_ONCE, productIds, async (id) => {
    const product = await wc.get(`wc/v3/products/${String(id)}`, wcProduct);
    const variable = lines.some((line) => line.product_id === id && line.variation_id);
    const variations = variable
      ? await wc.get(`wc/v3/products/${String(id)}/variations?per_page=100`, wcVariations)
      : [];
    return { product, variations };
  });
  const read = new Map(productIds.map((id, index) => [id, reads[index]]));

  // Quantities by what they draw on: each product and variation, and each counted stock.
  const wanted = new Map<string, number>();
  const add = (key: string, quantity: number) => {
    wanted.set(key, (wanted.get(key) ?? 0) + quantity);
  };
  const keyed = lines.map((line) => {
    const { product, variations } = read.get(line.product_id) ?? { variations: [] };
    if (!product) throw new Error('a product of the order was not read');
    const variation = variations.find((candidate) => candidate.id === line.variation_id);
    const stock = stockOf(product, variation);
    const stockKey = stock === product ? `p${String(product.id)}` : `v${String(variation?.id)}`;
    const itemKey = `${String(line.product_id)}:${String(line.variation_id ?? 0)}`;
    add(stockKey, line.quantity);
    add(itemKey, line.quantity);
    return { line, product, stock, stockKey, itemKey };
  });

  // Each line over its limit, once (two lines of one item are one limit).
  const over = new Map<string, { name: string; limit: OverLimit }>();
  for (const { line, product, stock, stockKey, itemKey } of keyed) {
    const left = stockLimit(stock);
    const ids = { product_id: line.product_id, variation_id: line.variation_id ?? 0 };
    const limit: OverLimit | undefined =
      left === 0
        ? { ...ids, max_quantity: 0, reason: 'sold_out' }
        : product.sold_individually && (wanted.get(itemKey) ?? 0) > 1
          ? { ...ids, max_quantity: 1, reason: 'sold_individually' }
          : left !== null && (wanted.get(stockKey) ?? 0) > left
            ? { ...ids, max_quantity: left, reason: 'stock' }
            : undefined;
    if (limit && !over.has(itemKey)) over.set(itemKey, { name: product.name, limit });
  }
  if (over.size === 0) {
    const counted = new Map<string, CountedStock>();
    for (const { line, product, stock, stockKey } of keyed) {
      const left = stockLimit(stock);
      if (left === null) continue;
      const quantity = wanted.get(stockKey) ?? 0;
      const entry = counted.get(stockKey) ?? {
        key: stockKey,
        name: product.name,
        quantity,
        stock: left,
        lines: [],
      };
      entry.lines.push({ product_id: line.product_id, variation_id: line.variation_id ?? 0 });
      counted.set(stockKey, entry);
    }
    return [...counted.values()];
  }
  const refused = [...over.values()];
  throw new ShopError(
    409,
    'quantity_limit',
    `${refused.map(({ name, limit }) => sentence(name, limit)).join(' ')} Please change your cart and try again.`,
    { limits: refused.map(({ limit }) => limit) },
  );
}
