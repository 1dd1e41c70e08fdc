import type { JsonObject, JsonValue } from '../json';
import { isRecord } from '../json';

/**
 * A tiny validator for the content files: each check returns the typed value or throws a
 * {@link DataError} naming where in the file the problem is. Kept in-house because the package
 * depends only on fastify and jsonwebtoken.
 */
export type Check<T> = (value: unknown, at: string) => T;

/** The value a check produces. */
export type Checked<C> = C extends Check<infer T> ? T : never;

/** A content file does not have the expected shape. */
export class DataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataError';
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function fail(at: string, expected: string, value: unknown): never {
  throw new DataError(`${at || 'the file'} must be ${expected} (found ${describe(value)})`);
}

/** Any string. */
export const str: Check<string> = (value, at) =>
  typeof value === 'string' ? value : fail(at, 'a string', value);

/** A string with something besides spaces. */
export const nonEmptyStr: Check<string> = (value, at) =>
  typeof value === 'string' && value.trim() !== '' ? value : fail(at, 'a non-empty string', value);

/** true or false. */
export const bool: Check<boolean> = (value, at) =>
  typeof value === 'boolean' ? value : fail(at, 'true or false', value);

/** A whole number above zero (ids, quantities). */
export const positiveInt: Check<number> = (value, at) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0
    ? value
    : fail(at, 'a positive integer', value);

/** A whole number, zero allowed (counts, amounts in pence). */
export const nonNegativeInt: Check<number> = (value, at) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? value
    : fail(at, 'an integer >= 0', value);

/** Any whole number, negative allowed (a discount fee in pence). */
export const int: Check<number> = (value, at) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : fail(at, 'an integer', value);

/** A string matching `pattern`, described as `expected` in errors. */
export function matching(pattern: RegExp, expected: string): Check<string> {
  return (value, at) =>
    typeof value === 'string' && pattern.test(value) ? value : fail(at, expected, value);
}

/** One of the listed literal strings. */
export function oneOf<T extends string>(...allowed: T[]): Check<T> {
  return (value, at) =>
    allowed.includes(value as T) ? (value as T) : fail(at, `one of ${allowed.join(', ')}`, value);
}

/** `null`, or a value passing `check`. */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, at) => (value === null ? null : check(value, at));
}

/** A missing value, or a value passing `check`. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, at) => (value === undefined ? undefined : check(value, at));
}

/** An array of at least `minLength` items, each passing `item`. */
export function arrayOf<T>(item: Check<T>, minLength = 0): Check<T[]> {
  return (value, at) => {
    if (!Array.isArray(value)) return fail(at, 'an array', value);
    if (value.length < minLength)
      fail(at, `an array of at least ${String(minLength)} items`, value);
    return value.map((entry, index) => item(entry, `${at}[${String(index)}]`));
  };
}

type Shape = Record<string, Check<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends Checked<S[K]> ? K : never;
}[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] };
/** Fields whose check accepts `undefined` become optional properties. */
type FromShape<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Checked<S[K]> } & {
    [K in OptionalKeys<S>]?: Checked<S[K]>;
  }
>;

/** An object with (at least) the listed fields; other fields are ignored. */
export function object<S extends Shape>(shape: S): Check<FromShape<S>> {
  return (value, at) => {
    if (!isRecord(value)) return fail(at, 'an object', value);
    const result: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      result[key] = check(value[key], at === '' ? key : `${at}.${key}`);
    }
    return result as FromShape<S>;
  };
}

/** An object whose keys are all valid per `key` and values per `item`. */
export function recordOf<T>(key: Check<string>, item: Check<T>): Check<Record<string, T>> {
  return (value, at) => {
    if (!isRecord(value)) return fail(at, 'an object', value);
    const result: Record<string, T> = {};
    for (const [name, entry] of Object.entries(value)) {
      key(name, `${at} key`);
      result[name] = item(entry, at === '' ? name : `${at}.${name}`);
    }
    return result;
  };
}

function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isRecord(value) && Object.values(value).every(isJsonValue);
}

/** Any JSON value, kept whole (WooCommerce meta values). */
export const jsonValue: Check<JsonValue> = (value, at) =>
  isJsonValue(value) ? value : fail(at, 'a JSON value', value);

/** Any JSON object, kept whole: used for WordPress bodies that are served as stored. */
const jsonObject: Check<JsonObject> = (value, at) =>
  isRecord(value) && isJsonValue(value) ? value : fail(at, 'a JSON object', value);

/** Validates `value` with `fields` and also keeps the whole object as `body`. */
export function withBody<S extends Shape>(shape: S): Check<FromShape<S> & { body: JsonObject }> {
  const fields = object(shape);
  return (value, at) => ({ ...fields(value, at), body: jsonObject(value, at) });
}

/** A money amount as WooCommerce writes it: digits with up to two decimals, e.g. "119.99". */
export const moneyString = matching(/^\d{1,7}(\.\d{1,2})?$/, 'an amount like "119.99"');

/** A calendar date written YYYY-MM-DD. */
export const isoDate = matching(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2027-01-16');

/** An image as the site's own routes return it. */
export const wpImage = object({
  url: nonEmptyStr,
  alt: str,
  width: positiveInt,
  height: positiveInt,
});
