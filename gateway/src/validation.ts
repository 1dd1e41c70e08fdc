import * as v from 'valibot';

/**
 * The gateway checks what it reads (requests, WooCommerce's answers, its configuration and files)
 * with valibot, as the browser does. Two things are the gateway's own, written once here: an
 * object is never a list (valibot's objects would take `[]` for `{}`, its indexes as keys), and a
 * refusal is worded the way the gateway has always worded it, since the page shows a refused
 * request's message to the learner ("email: Invalid email address").
 */

/** What a value is, as a refusal names it: "string", "array", "null", "NaN", "Infinity"… */
function kindOf(input: unknown): string {
  if (typeof input === 'number') return Number.isFinite(input) ? 'number' : String(input);
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** How a refusal names what was expected: valibot's "Object" is an "object". */
function expectedOf(expected: string | null): string {
  if (expected === 'Object' || expected === 'Array') return expected.toLowerCase();
  return expected ?? 'input';
}

/** "string to have >=1 characters", "array to have <=100 items": a length's limit. */
function lengthLimit(input: unknown, limit: string | null): string {
  return Array.isArray(input)
    ? `array to have ${String(limit)} items`
    : `string to have ${String(limit)} characters`;
}

/**
 * The wording of an issue its schema gives no message of its own: zod's, the gateway's validator
 * before valibot, which the page has shown and the tests quote ("ids.0: Too big: expected number
 * to be <=2147483647").
 */
function wordingOf(issue: v.BaseIssue<unknown>): string {
  const { input, expected } = issue;
  switch (issue.type) {
    case 'union':
    case 'check':
      return 'Invalid input';
    case 'literal':
      return `Invalid input: expected ${String(expected)}`;
    case 'picklist':
      return `Invalid option: expected one of ${String(expected)
        .replace(/^\((.*)\)$/, '$1')
        .replaceAll(' | ', '|')}`;
    case 'min_value':
    case 'gt_value':
      return `Too small: expected number to be ${String(expected)}`;
    case 'max_value':
      return `Too big: expected number to be ${String(expected)}`;
    case 'min_length':
      return `Too small: expected ${lengthLimit(input, expected)}`;
    case 'max_length':
      return `Too big: expected ${lengthLimit(input, expected)}`;
    case 'safe_integer':
      if (typeof input !== 'number' || !Number.isInteger(input)) {
        return 'Invalid input: expected int, received number';
      }
      return input > 0
        ? `Too big: expected int to be <=${String(Number.MAX_SAFE_INTEGER)}`
        : `Too small: expected int to be >=${String(Number.MIN_SAFE_INTEGER)}`;
    case 'regex':
      return `Invalid string: must match pattern ${String(issue.requirement)}`;
    default:
      return issue.kind === 'schema'
        ? `Invalid input: expected ${expectedOf(expected)}, received ${kindOf(input)}`
        : 'Invalid input';
  }
}

/** How the gateway parses: valibot's, with the gateway's wording of what it refuses. */
const WORDED: v.Config<v.BaseIssue<unknown>> = { message: wordingOf };

/**
 * `input` as `schema` reads it, or the issues it has. `abortPipeEarly` stops each value at its
 * first problem (a configuration names one per variable).
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  { abortPipeEarly = false } = {},
) {
  return v.safeParse(schema, input, { ...WORDED, abortPipeEarly });
}

/** A key an object does not take: valibot reports it at the key, the refusal at the object. */
const isUnknownKey = (issue: v.BaseIssue<unknown>) =>
  issue.type === 'strict_object' && issue.expected === 'never';

/** "lines.0.quantity: Too small: expected number to be >=1": where an issue is, and what it is. */
function issueText(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key));
  if (isUnknownKey(issue)) keys.pop();
  return keys.length > 0 ? `${keys.join('.')}: ${issue.message}` : issue.message;
}

/** A refusal's message: the first problem, where it is and what it is. */
export function problemOf(issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) {
  return issueText(issues[0]);
}

/** Every problem, `; `-separated (a configuration refused names every variable that is wrong). */
export function problemsOf(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues.map(issueText).join('; ');
}

const isObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

/** An object and not a list, else refused as not the `kind` expected. */
const notAList = (kind: 'object' | 'record') =>
  v.custom<Record<string, unknown>>(
    isObject,
    (issue) => `Invalid input: expected ${kind}, received ${kindOf(issue.input)}`,
  );

/**
 * The refusal of a key an object is missing (what its schema says of no value) or does not take
 * (every such key, named once).
 */
function keyWording(entries: v.ObjectEntries) {
  return (issue: v.BaseIssue<unknown>): string => {
    const at = issue.path?.[0];
    if (isUnknownKey(issue)) {
      const given = isObject(at?.input) ? Object.keys(at.input) : [];
      const unknown = given.filter((key) => !Object.hasOwn(entries, key));
      const names = unknown.map((key) => `"${key}"`).join(', ');
      return `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${names}`;
    }
    const entry = typeof at?.key === 'string' ? entries[at.key] : undefined;
    const missing = entry ? validate(entry, undefined) : undefined;
    return missing?.issues?.[0].message ?? 'Invalid input';
  };
}

/** valibot's `v.object` (unknown keys dropped), never taking a list. */
export function objectOf<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.pipe(notAList('object'), v.object(entries, keyWording(entries)));
}

/** valibot's `v.strictObject` (unknown keys refused), never taking a list. */
export function strictObjectOf<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.pipe(notAList('object'), v.strictObject(entries, keyWording(entries)));
}

/** valibot's `v.record`, never taking a list. */
export function recordOf<
  const TKey extends v.GenericSchema<string, string | number | symbol>,
  const TValue extends v.GenericSchema,
>(key: TKey, value: TValue) {
  return v.pipe(notAList('record'), v.record(key, value));
}

/**
 * A number, and finite: JSON reads 1e400 as Infinity, which no count or amount is. Anything else
 * is not a number at all (a union then tries its other options).
 */
export const finiteNumber = () =>
  v.custom<number>(
    (input) => typeof input === 'number' && Number.isFinite(input),
    (issue) => `Invalid input: expected number, received ${kindOf(issue.input)}`,
  );

/** An integer, and a safe one: ±(2^53 - 1) at most, where each integer has a number of its own. */
export const integer = () => v.pipe(finiteNumber(), v.safeInteger());

/**
 * A number, or what `Number()` makes of the value: a path's or the environment's "8080" is 8080
 * (and "" is 0). NaN and Infinity are refused.
 */
export const coercedNumber = () =>
  v.pipe(
    v.unknown(),
    v.transform((input): unknown => {
      try {
        return Number(input);
      } catch {
        return input;
      }
    }),
    finiteNumber(),
  );

/**
 * An email address as the gateway takes one: letters, digits and _ ' + - in dotted parts before
 * the @, a domain of letters, digits and hyphens. valibot's `v.email` would refuse O'Brien's
 * address and a punycode domain's (xn--…), which a learner may have.
 */
const EMAIL_ADDRESS =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A string that is an email address. */
export const emailAddress = () =>
  v.pipe(v.string(), v.regex(EMAIL_ADDRESS, 'Invalid email address'));
