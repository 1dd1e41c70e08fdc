import * as v from 'valibot';
import type { JsonObject, JsonValue } from '../json';
import { isRecord } from '../json';

/**
 * The valibot schemas the content files and the stored orders are checked with. Each check's
 * message says what was expected ("a positive integer"): {@link describeIssue} makes it a sentence
 * naming where in the file the problem is.
 */

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

/**
 * Where in the file `issue` is, as `[1].image.url`; '' for the file itself. valibot's path gives a
 * missing field and a record's wrong key the same origin ("key"): the missing field (an issue of
 * the object) is named as its place, the wrong key as the record's `key`.
 */
function where(issue: v.BaseIssue<unknown>): string {
  let at = '';
  for (const item of issue.path ?? []) {
    if (item.origin === 'key' && issue.type !== 'object') at += ' key';
    else if (typeof item.key === 'number') at += `[${String(item.key)}]`;
    else at += at === '' ? String(item.key) : `.${String(item.key)}`;
  }
  return at;
}

/**
 * An issue of the schemas below as a sentence naming where it is, what was expected and what was
 * found: `[1].product_id must be a positive integer (found "abc")`.
 */
export function describeIssue(issue: v.BaseIssue<unknown>): string {
  return `${where(issue) || 'the file'} must be ${issue.message} (found ${describe(issue.input)})`;
}

/** Any string. */
export const str = v.string('a string');

/** A string with something besides spaces. */
export const nonEmptyStr = v.pipe(
  v.string('a non-empty string'),
  v.check((value) => value.trim() !== '', 'a non-empty string'),
);

/** true or false. */
export const bool = v.boolean('true or false');

/** A whole number above zero (ids, quantities). */
export const positiveInt = v.pipe(
  v.number('a positive integer'),
  v.safeInteger('a positive integer'),
  v.minValue(1, 'a positive integer'),
);

/** A whole number, zero allowed (counts, amounts in pence). */
export const nonNegativeInt = v.pipe(
  v.number('an integer >= 0'),
  v.safeInteger('an integer >= 0'),
  v.minValue(0, 'an integer >= 0'),
);

/** Any whole number, negative allowed (a discount fee in pence). */
export const int = v.pipe(v.number('an integer'), v.safeInteger('an integer'));

/** A string matching `pattern`, described as `expected` in errors. */
export function matching(pattern: RegExp, expected: string) {
  return v.pipe(v.string(expected), v.regex(pattern, expected));
}

/** One of the listed literal strings. */
export function oneOf<const T extends readonly string[]>(...allowed: T) {
  return v.picklist(allowed, `one of ${allowed.join(', ')}`);
}

/** An array of at least `minLength` items, each passing `item`. */
export function arrayOf<S extends v.GenericSchema>(item: S, minLength = 0) {
  return v.pipe(
    v.array(item, 'an array'),
    v.minLength(minLength, `an array of at least ${String(minLength)} items`),
  );
}

/**
 * An object (not an array, which valibot's `object` takes too) with (at least) the listed fields;
 * other fields are dropped, and so are optional ones that are missing (no `"target": undefined`
 * keys for the serializer). A required field that is missing is reported with the message its own
 * schema gives for nothing, as any wrong value of it is.
 */
export function object<E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isRecord, 'an object'),
    v.object(entries, (issue) => {
      const field = issue.path?.at(-1)?.key;
      const schema = typeof field === 'string' ? entries[field] : undefined;
      const missing = schema && v.safeParse(schema, undefined, { abortEarly: true }).issues?.[0];
      return missing ? missing.message : 'an object';
    }),
  );
}

/** An object (not an array) whose keys are all valid per `key` and values per `item`. */
export function recordOf<K extends v.GenericSchema<string>, S extends v.GenericSchema>(
  key: K,
  item: S,
) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isRecord, 'an object'),
    v.record(key, item, 'an object'),
  );
}

function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isRecord(value) && Object.values(value).every(isJsonValue);
}

/** Any JSON value, kept whole (WooCommerce meta values). */
export const jsonValue = v.custom<JsonValue>(isJsonValue, 'a JSON value');

/** Any JSON object, kept whole: used for WordPress bodies that are served as stored. */
const jsonObject = v.custom<JsonObject>(
  (value) => isRecord(value) && isJsonValue(value),
  'a JSON object',
);

/** Validates the listed fields (as {@link object}) and also keeps the whole object as `body`. */
export function withBody<E extends v.ObjectEntries>(entries: E) {
  return v.intersect([
    object(entries),
    v.pipe(
      jsonObject,
      v.transform((body) => ({ body })),
    ),
  ]);
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
