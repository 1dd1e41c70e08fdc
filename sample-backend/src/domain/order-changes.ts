import type { JsonValue } from '../json';
import type { MetaEntry, NewOrder, OrderRecord, OrderStatus } from '../state/orders';
import { fullBilling } from '../state/orders';
import type { FeeChange, MetaChange } from './order-fields';
import type { OrderRequest, OrderUpdate } from './order-request';
import type { FeeLine, PricedOrder } from './orders';
import { orderTotals } from './orders';

/**
 * What WooCommerce does with a create or update request once it is valid: status and payment,
 * fee lines and meta data merged into the order, and the totals worked out again.
 */

/** The statuses `payment_complete()` moves to processing. */
const PAYABLE: readonly OrderStatus[] = ['pending', 'on-hold', 'failed', 'cancelled'];
/** Statuses that mean the order was paid: WooCommerce records the payment date on reaching one. */
const PAID: readonly OrderStatus[] = ['processing', 'completed'];

/** WooCommerce's local time stamps: `2026-10-02T14:11:09`. */
export function wooDate(now: Date): string {
  return now.toISOString().slice(0, 19);
}

function nextId(ids: readonly number[], base: number): number {
  return Math.max(base, ...ids) + 1;
}

function applyFees(order: Pick<OrderRecord, 'id' | 'fees'>, changes: readonly FeeChange[]) {
  const fees: FeeLine[] = [...order.fees];
  for (const change of changes) {
    const index = fees.findIndex((fee) => fee.id === change.id);
    const current = fees[index];
    if (current && change.name === null) {
      fees.splice(index, 1);
    } else if (current) {
      fees[index] = {
        ...current,
        ...(change.name ? { name: change.name } : {}),
        ...(change.totalPence === undefined ? {} : { totalPence: change.totalPence }),
        ...(change.tax_status === undefined ? {} : { tax_status: change.tax_status }),
      };
    } else if (change.name) {
      // Fee ids sit after the line ids (id * 100 + n) and before the coupon ids (+ 90).
      const id = nextId(
        fees.map((fee) => fee.id),
        order.id * 100 + 70,
      );
      fees.push({
        id,
        name: change.name,
        totalPence: change.totalPence ?? 0,
        tax_status: change.tax_status ?? 'taxable',
      });
    }
  }
  return fees;
}

/** `update_meta_data`: an entry replaces the one with its id, else the one with its key. */
function applyMeta(order: Pick<OrderRecord, 'id' | 'meta_data'>, changes: readonly MetaChange[]) {
  const meta: MetaEntry[] = [...order.meta_data];
  for (const change of changes) {
    const byId = meta.findIndex((entry) => entry.id === change.id);
    const index = byId >= 0 ? byId : meta.findIndex((entry) => entry.key === change.key);
    const current = meta[index];
    if (current) {
      meta[index] = { ...current, key: change.key, value: change.value };
    } else {
      const id = nextId(
        meta.map((entry) => entry.id),
        order.id * 1000,
      );
      meta.push({ id, key: change.key, value: change.value });
    }
  }
  return meta;
}

/** Status, `set_paid` and the payment date, as WooCommerce moves them. */
function applyStatus(
  order: Pick<OrderRecord, 'status' | 'date_paid'>,
  status: OrderStatus | undefined,
  setPaid: boolean | undefined,
  now: Date,
): Pick<OrderRecord, 'status' | 'date_paid'> {
  let next = status ?? order.status;
  if (setPaid === true && PAYABLE.includes(next)) next = 'processing';
  const paid = setPaid === true || PAID.includes(next);
  return { status: next, date_paid: order.date_paid ?? (paid ? wooDate(now) : null) };
}

/** A new order as WooCommerce saves a valid create request (the id is the store's). */
export function newOrder(
  id: number,
  request: OrderRequest,
  priced: PricedOrder,
  now: Date,
): NewOrder {
  const fees = applyFees({ id, fees: [] }, request.fees);
  return {
    ...applyStatus({ status: 'pending', date_paid: null }, request.status, request.setPaid, now),
    date_created: wooDate(now),
    date_modified: wooDate(now),
    customer_id: request.customerId,
    billing: fullBilling(request.billing),
    lines: priced.lines,
    coupons: priced.coupons,
    meta_data: applyMeta({ id, meta_data: [] }, request.meta),
    ...orderTotals(priced.lines, fees),
    points: null,
    stockReduced: false,
  };
}

/** An order after a valid update request. */
export function updatedOrder(order: OrderRecord, update: OrderUpdate, now: Date): OrderRecord {
  const fees = update.fees ? applyFees(order, update.fees) : order.fees;
  return {
    ...order,
    ...applyStatus(order, update.status, update.setPaid, now),
    date_modified: wooDate(now),
    customer_id: update.customerId ?? order.customer_id,
    billing: update.billing ? { ...order.billing, ...update.billing } : order.billing,
    meta_data: update.meta ? applyMeta(order, update.meta) : order.meta_data,
    ...orderTotals(order.lines, fees),
  };
}

/** The meta value, if any, of `key`. */
export function metaValue(order: Pick<OrderRecord, 'meta_data'>, key: string): JsonValue {
  return order.meta_data.find((entry) => entry.key === key)?.value ?? null;
}
