import { randomBytes } from 'node:crypto';
import path from 'node:path';
import * as v from 'valibot';
import {
  arrayOf,
  bool,
  int,
  jsonValue,
  matching,
  nonEmptyStr,
  nonNegativeInt,
  object,
  oneOf,
  positiveInt,
  str,
} from '../data/schema';
import type { FeeLine, PricedLine } from '../domain/orders';
import type { JsonValue } from '../json';
import type { StateLogger } from './json-file';
import { JsonFile } from './json-file';

/** The statuses a client may give an order, as WooCommerce lists them. */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The billing address fields WooCommerce keeps. */
export const BILLING_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
  'email',
  'phone',
] as const;

export type Billing = Record<(typeof BILLING_FIELDS)[number], string>;

/** One `meta_data` entry of an order. */
export interface MetaEntry {
  id: number;
  key: string;
  value: JsonValue;
}

/** Points taken from a customer's balance for an order (Points and Rewards), once. */
interface PointsRedemption {
  customer_id: number;
  points: number;
  /** Set once the points went back (the order was cancelled or refunded). */
  returned: boolean;
}

/** A stored order. */
export interface OrderRecord {
  id: number;
  order_key: string;
  status: OrderStatus;
  date_created: string;
  date_modified: string;
  date_paid: string | null;
  customer_id: number;
  billing: Billing;
  lines: PricedLine[];
  coupons: { code: string; discountPence: number }[];
  fees: FeeLine[];
  meta_data: MetaEntry[];
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
  points: PointsRedemption | null;
  /** WooCommerce's `_order_stock_reduced`: the order's stock was taken (it was paid). */
  stockReduced: boolean;
}

/** Everything of an order but the id and key, which the store assigns. */
export type NewOrder = Omit<OrderRecord, 'id' | 'order_key'>;

// Fields added after the first release are optional, so older state files still load.
const storedOrder = object({
  id: positiveInt,
  order_key: matching(/^wc_order_[A-Za-z0-9]+$/, 'an order key'),
  status: oneOf(...ORDER_STATUSES),
  date_created: nonEmptyStr,
  date_modified: v.optional(nonEmptyStr),
  date_paid: v.optional(v.nullable(nonEmptyStr)),
  customer_id: nonNegativeInt,
  billing: object({
    first_name: str,
    last_name: str,
    company: v.optional(str),
    address_1: v.optional(str),
    address_2: v.optional(str),
    city: v.optional(str),
    state: v.optional(str),
    postcode: v.optional(str),
    country: v.optional(str),
    email: str,
    phone: v.optional(str),
  }),
  lines: arrayOf(
    object({
      product_id: positiveInt,
      variation_id: nonNegativeInt,
      name: nonEmptyStr,
      sku: str,
      month: v.optional(str),
      quantity: positiveInt,
      unitPence: nonNegativeInt,
      subtotalPence: nonNegativeInt,
      totalPence: nonNegativeInt,
    }),
    1,
  ),
  coupons: arrayOf(object({ code: nonEmptyStr, discountPence: nonNegativeInt })),
  fees: v.optional(
    arrayOf(object({ id: positiveInt, name: str, totalPence: int, tax_status: str })),
  ),
  meta_data: v.optional(arrayOf(object({ id: positiveInt, key: str, value: jsonValue }))),
  subtotalPence: nonNegativeInt,
  discountPence: nonNegativeInt,
  totalPence: nonNegativeInt,
  points: v.optional(
    v.nullable(object({ customer_id: positiveInt, points: nonNegativeInt, returned: bool })),
  ),
  stockReduced: v.optional(bool),
});

type StoredOrder = v.InferOutput<typeof storedOrder>;

/** A billing address with every field present. */
export function fullBilling(given: Partial<Billing>): Billing {
  const empty = Object.fromEntries(BILLING_FIELDS.map((field) => [field, ''])) as Billing;
  return { ...empty, country: 'GB', ...given };
}

function fromStored(order: StoredOrder): OrderRecord {
  const billing: Partial<Billing> = {};
  for (const field of BILLING_FIELDS) {
    const value = order.billing[field];
    if (value !== undefined) billing[field] = value;
  }
  return {
    // `month` stays absent for simple products (valibot leaves out optional keys that are missing).
    ...order,
    billing: fullBilling(billing),
    date_modified: order.date_modified ?? order.date_created,
    date_paid: order.date_paid ?? null,
    fees: order.fees ?? [],
    meta_data: order.meta_data ?? [],
    points: order.points ?? null,
    stockReduced: order.stockReduced ?? false,
  };
}

interface OrdersDocument {
  orders: OrderRecord[];
  /** Seed orders that were deleted, so they do not come back at the next start. */
  deleted: number[];
}

const storedDocument = object({ orders: arrayOf(storedOrder), deleted: arrayOf(positiveInt) });

const parseDocument = (value: unknown): OrdersDocument | undefined => {
  // The first release stored a bare array of the orders it created.
  const document = Array.isArray(value) ? { orders: value, deleted: [] } : value;
  const result = v.safeParse(storedDocument, document, { abortEarly: true });
  if (!result.success) return undefined;
  return { orders: result.output.orders.map(fromStored), deleted: result.output.deleted };
};

function newOrderKey(): string {
  // WooCommerce keys are "wc_order_" + 13 random letters and digits.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `wc_order_${Array.from(randomBytes(13), (byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
}

/**
 * Orders: the sample orders from `data/orders.json` plus those created through `wc/v3/orders`,
 * with every change persisted to `orders.json` in the state folder. Changes are applied in memory
 * synchronously (so two requests never both see the old order) and resolve once on disk.
 */
export class OrderStore {
  private constructor(
    private readonly file: JsonFile<OrdersDocument>,
    private readonly orders: Map<number, OrderRecord>,
    private readonly deleted: Set<number>,
  ) {}

  /** Opens the store in `stateDir` on top of the seeded orders. */
  static async open(
    stateDir: string,
    seeded: readonly OrderRecord[],
    logger: StateLogger,
  ): Promise<OrderStore> {
    const file = new JsonFile(path.join(stateDir, 'orders.json'), parseDocument, logger);
    const saved = await file.read();
    const deleted = new Set(saved?.deleted ?? []);
    const orders = new Map<number, OrderRecord>();
    for (const order of seeded) if (!deleted.has(order.id)) orders.set(order.id, order);
    for (const order of saved?.orders ?? []) orders.set(order.id, order);
    return new OrderStore(file, orders, deleted);
  }

  get(id: number): OrderRecord | undefined {
    return this.orders.get(id);
  }

  /** Every order, newest first (WooCommerce's default order). */
  list(): OrderRecord[] {
    return [...this.orders.values()].sort(
      (a, b) => b.date_created.localeCompare(a.date_created) || b.id - a.id,
    );
  }

  /** Stores a new order under the next free id; resolves once it is on disk. */
  async create(build: (id: number) => NewOrder): Promise<OrderRecord> {
    const id = Math.max(0, ...this.orders.keys(), ...this.deleted) + 1;
    const record: OrderRecord = { ...build(id), id, order_key: newOrderKey() };
    this.orders.set(id, record);
    await this.persist();
    return record;
  }

  /** Replaces an order by what `change` makes of it; undefined when there is no such order. */
  async update(
    id: number,
    change: (current: OrderRecord) => OrderRecord,
  ): Promise<OrderRecord | undefined> {
    const current = this.orders.get(id);
    if (!current) return undefined;
    const next = { ...change(current), id, order_key: current.order_key };
    this.orders.set(id, next);
    await this.persist();
    return next;
  }

  /** Deletes an order; resolves with it as it was, or undefined when there is none. */
  async delete(id: number): Promise<OrderRecord | undefined> {
    const current = this.orders.get(id);
    if (!current) return undefined;
    this.orders.delete(id);
    this.deleted.add(id);
    await this.persist();
    return current;
  }

  private persist(): Promise<void> {
    return this.file.write({
      orders: [...this.orders.values()],
      deleted: [...this.deleted],
    });
  }
}
