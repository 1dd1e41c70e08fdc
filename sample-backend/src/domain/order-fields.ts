import type { InvalidParams } from '../errors';
import { WpError } from '../errors';
import type { JsonValue } from '../json';
import { isRecord } from '../json';
import type { Billing, OrderStatus } from '../state/orders';
import { BILLING_FIELDS, ORDER_STATUSES } from '../state/orders';
import { parseSignedAmountInput } from './money';
import { isEmail } from './text';

/**
 * The order fields a WooCommerce REST client may set on create and on update, read as WooCommerce
 * reads them: the schema's types and enums are checked, the values themselves are taken as given.
 */

/** A fee line of a request: with an `id` it changes (or, with `name: null`, removes) that fee. */
export interface FeeChange {
  id?: number;
  /** null removes the fee. */
  name?: string | null;
  totalPence?: number;
  tax_status?: string;
}

/** A `meta_data` entry of a request. */
export interface MetaChange {
  id?: number;
  key: string;
  value: JsonValue;
}

function toJson(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
}

/** `status`: one of WooCommerce's order statuses. */
export function statusField(value: unknown, invalid: InvalidParams): OrderStatus | undefined {
  if (value === undefined) return undefined;
  const status = ORDER_STATUSES.find((allowed) => allowed === value);
  if (status === undefined) {
    invalid.add(
      'status',
      'rest_not_in_enum',
      `status is not one of ${ORDER_STATUSES.join(', ')}.`,
      null,
    );
  }
  return status;
}

/** A boolean as WordPress sanitises one (`true`, `"true"`, `1`, `"1"`...). */
export function booleanField(
  name: string,
  value: unknown,
  invalid: InvalidParams,
): boolean | undefined {
  if (value === undefined) return undefined;
  if ([true, 'true', 1, '1'].includes(value as string)) return true;
  if ([false, 'false', 0, '0', ''].includes(value as string)) return false;
  invalid.add(name, 'rest_invalid_type', `${name} is not of type boolean.`, { param: name });
  return undefined;
}

/** `billing`: the known address fields as text; an email, when given, must look like one. */
export function billingField(value: unknown, invalid: InvalidParams): Partial<Billing> | undefined {
  if (value === undefined) return undefined;
  const given = isRecord(value) ? value : undefined;
  const billing: Partial<Billing> = {};
  let ok = given !== undefined;
  for (const field of BILLING_FIELDS) {
    const entry = given?.[field];
    if (entry === undefined || entry === null) continue;
    if (typeof entry !== 'string') ok = false;
    else billing[field] = entry.trim();
  }
  if (!ok || (billing.email !== undefined && billing.email !== '' && !isEmail(billing.email))) {
    invalid.add(
      'billing',
      'rest_invalid_param',
      'billing must be an address of text fields with a valid email.',
      null,
    );
  }
  return billing;
}

/** `customer_id`: 0 (a guest) or any existing user; WooCommerce's 400 otherwise. */
export function customerIdField(
  value: unknown,
  userExists: (id: number) => boolean,
): number | undefined {
  if (value === undefined) return undefined;
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  if (id === 0) return 0;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0 || !userExists(id)) {
    throw new WpError(400, 'woocommerce_rest_invalid_customer_id', 'Customer ID is invalid.');
  }
  return id;
}

function itemId(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** `fee_lines`: name and total (negative allowed); a new fee needs a name. */
export function feeLinesField(value: unknown): FeeChange[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw new WpError(400, 'rest_invalid_param', 'Invalid parameter(s): fee_lines', {
      params: { fee_lines: 'fee_lines is not of type array.' },
    });
  }
  return value.map((entry: unknown) => {
    const fee = isRecord(entry) ? entry : {};
    const id = itemId(fee.id);
    const name = fee.name === null ? null : typeof fee.name === 'string' ? fee.name : undefined;
    if (id === undefined && !name) {
      throw new WpError(400, 'woocommerce_rest_invalid_fee_item', 'Fee name is required.');
    }
    const totalPence = fee.total === undefined ? undefined : parseSignedAmountInput(fee.total);
    if (fee.total !== undefined && totalPence === undefined) {
      throw new WpError(400, 'woocommerce_rest_invalid_fee_item', 'Fee total must be an amount.');
    }
    return {
      ...(id === undefined ? {} : { id }),
      ...(name === undefined ? {} : { name }),
      ...(totalPence === undefined ? {} : { totalPence }),
      ...(typeof fee.tax_status === 'string' ? { tax_status: fee.tax_status } : {}),
    };
  });
}

/** `meta_data`: entries with a text key and any value. */
export function metaDataField(value: unknown): MetaChange[] | undefined {
  if (value === undefined) return undefined;
  const entries: unknown[] = Array.isArray(value) ? value : [undefined];
  return entries.map((entry) => {
    if (!isRecord(entry) || typeof entry.key !== 'string' || entry.key === '') {
      throw new WpError(400, 'rest_invalid_param', 'Invalid parameter(s): meta_data', {
        params: { meta_data: 'Each meta_data entry needs a key.' },
      });
    }
    const id = itemId(entry.id);
    return { ...(id === undefined ? {} : { id }), key: entry.key, value: toJson(entry.value) };
  });
}
