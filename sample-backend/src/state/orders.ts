import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Checked } from '../data/schema';
import {
  arrayOf,
  matching,
  nonEmptyStr,
  nonNegativeInt,
  object,
  oneOf,
  optional,
  positiveInt,
  str,
} from '../data/schema';
import type { StateLogger } from './json-file';
import { JsonFile } from './json-file';

const orderRecord = object({
  id: positiveInt,
  order_key: matching(/^wc_order_[A-Za-z0-9]+$/, 'an order key'),
  status: oneOf('pending', 'processing', 'completed', 'on-hold', 'cancelled'),
  date_created: nonEmptyStr,
  customer_id: nonNegativeInt,
  billing: object({ email: nonEmptyStr, first_name: str, last_name: str }),
  lines: arrayOf(
    object({
      product_id: positiveInt,
      variation_id: nonNegativeInt,
      name: nonEmptyStr,
      sku: str,
      month: optional(str),
      quantity: positiveInt,
      unitPence: nonNegativeInt,
      subtotalPence: nonNegativeInt,
      totalPence: nonNegativeInt,
    }),
    1,
  ),
  coupons: arrayOf(object({ code: nonEmptyStr, discountPence: nonNegativeInt })),
  subtotalPence: nonNegativeInt,
  discountPence: nonNegativeInt,
  totalPence: nonNegativeInt,
});

/** A stored order: the priced lines and totals fixed when it was created. */
export type OrderRecord = Checked<typeof orderRecord>;

/** Everything of an order but the id and key, which the store assigns. */
export type NewOrder = Omit<OrderRecord, 'id' | 'order_key'>;

const parseOrders = (value: unknown): OrderRecord[] | undefined => {
  try {
    return arrayOf(orderRecord)(value, 'orders');
  } catch {
    return undefined;
  }
};

function newOrderKey(): string {
  // WooCommerce keys are "wc_order_" + 13 random letters and digits.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `wc_order_${Array.from(randomBytes(13), (byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
}

/**
 * Orders: the sample orders from `data/orders.json` plus those created through `wc/v3/orders`,
 * which are persisted to `orders.json` in the state folder and survive a restart.
 */
export class OrderStore {
  private constructor(
    private readonly file: JsonFile<OrderRecord[]>,
    private readonly orders: Map<number, OrderRecord>,
    private readonly created: OrderRecord[],
  ) {}

  /** Opens the store in `stateDir` on top of the seeded orders. */
  static async open(
    stateDir: string,
    seeded: readonly OrderRecord[],
    logger: StateLogger,
  ): Promise<OrderStore> {
    const file = new JsonFile(path.join(stateDir, 'orders.json'), parseOrders, logger);
    const created = (await file.read()) ?? [];
    const orders = new Map<number, OrderRecord>();
    for (const order of [...seeded, ...created]) orders.set(order.id, order);
    return new OrderStore(file, orders, created);
  }

  get(id: number): OrderRecord | undefined {
    return this.orders.get(id);
  }

  /** Stores a new order under the next free id; resolves once it is on disk. */
  async create(order: NewOrder): Promise<OrderRecord> {
    const id = Math.max(0, ...this.orders.keys()) + 1;
    const record: OrderRecord = { ...order, id, order_key: newOrderKey() };
    this.orders.set(id, record);
    this.created.push(record);
    await this.file.write(this.created);
    return record;
  }
}
