import * as v from 'valibot';
import {
  coercedNumber,
  emailAddress,
  finiteNumber,
  integer,
  objectOf,
  problemOf,
  problemsOf,
  recordOf,
  strictObjectOf,
  validate,
} from './validation';

/** The refusal `schema` gives `input` ('' when it takes it). */
function refusal(schema: v.GenericSchema, input: unknown): string {
  const result = validate(schema, input);
  return result.success ? '' : problemOf(result.issues);
}

describe('the gateway’s valibot', () => {
  it('never takes a list for an object, at any depth', () => {
    const line = strictObjectOf({ id: integer() });
    const order = objectOf({ lines: v.array(line), billing: objectOf({ email: v.string() }) });
    expect(refusal(strictObjectOf({}), [])).toBe('Invalid input: expected object, received array');
    expect(refusal(objectOf({}), ['a'])).toBe('Invalid input: expected object, received array');
    expect(refusal(recordOf(v.string(), v.string()), [])).toBe(
      'Invalid input: expected record, received array',
    );
    expect(refusal(order, { lines: [[1]], billing: { email: 'a@b.co' } })).toBe(
      'lines.0: Invalid input: expected object, received array',
    );
    expect(refusal(order, { lines: [], billing: ['a@b.co'] })).toBe(
      'billing: Invalid input: expected object, received array',
    );
    expect(refusal(strictObjectOf({}), null)).toBe('Invalid input: expected object, received null');
    expect(refusal(order, { lines: [{ id: 1 }], billing: { email: 'a@b.co' } })).toBe('');
  });

  it('a key a strict object does not take is refused at the object, every such key named', () => {
    const coupon = strictObjectOf({ code: v.string() });
    expect(refusal(coupon, { code: 'A', total: 1 })).toBe('Unrecognized key: "total"');
    expect(refusal(coupon, { code: 'A', total: 1, user: 2 })).toBe(
      'Unrecognized keys: "total", "user"',
    );
    expect(refusal(v.array(coupon), [{ code: 'A' }, { code: 'B', x: 1 }])).toBe(
      '1: Unrecognized key: "x"',
    );
    // An object that is not strict drops the keys it does not name.
    expect(validate(objectOf({ code: v.string() }), { code: 'A', x: 1 }).output).toEqual({
      code: 'A',
    });
  });

  it('a missing key is refused as its value’s schema refuses no value', () => {
    const query = strictObjectOf({ ids: v.pipe(v.string(), v.minLength(1)), n: integer() });
    expect(refusal(query, { n: 1 })).toBe(
      'ids: Invalid input: expected string, received undefined',
    );
    expect(refusal(query, { ids: '1' })).toBe(
      'n: Invalid input: expected number, received undefined',
    );
    expect(refusal(strictObjectOf({ total: v.union([v.string(), finiteNumber()]) }), {})).toBe(
      'total: Invalid input',
    );
  });

  it('a number is finite: JSON’s 1e400 (Infinity) is no number, and a union tries its other options', () => {
    expect(refusal(finiteNumber(), JSON.parse('1e400'))).toBe(
      'Invalid input: expected number, received Infinity',
    );
    expect(refusal(finiteNumber(), Number.NaN)).toBe(
      'Invalid input: expected number, received NaN',
    );
    expect(refusal(finiteNumber(), '5')).toBe('Invalid input: expected number, received string');
    const amount = v.union([
      v.pipe(finiteNumber(), v.minValue(0)),
      v.pipe(v.string(), v.regex(/^\d+$/, 'must be an amount')),
    ]);
    expect(refusal(amount, Infinity)).toBe('Invalid input');
    expect(refusal(amount, -1)).toBe('Too small: expected number to be >=0');
    expect(refusal(amount, 'x')).toBe('must be an amount');
  });

  it('an integer is a safe one, refused with the limit it passes', () => {
    expect(refusal(integer(), 1.5)).toBe('Invalid input: expected int, received number');
    expect(refusal(integer(), 2 ** 53)).toBe('Too big: expected int to be <=9007199254740991');
    expect(refusal(integer(), -(2 ** 53))).toBe(
      'Too small: expected int to be >=-9007199254740991',
    );
    expect(refusal(integer(), 2 ** 53 - 1)).toBe('');
  });

  it('a coerced number is what Number() makes of the value, NaN refused', () => {
    expect(validate(coercedNumber(), ' 8080 ').output).toBe(8080);
    expect(validate(coercedNumber(), '1e3').output).toBe(1000);
    expect(validate(coercedNumber(), 7).output).toBe(7);
    expect(refusal(coercedNumber(), 'eighty')).toBe('Invalid input: expected number, received NaN');
    expect(refusal(coercedNumber(), 'Infinity')).toBe(
      'Invalid input: expected number, received Infinity',
    );
  });

  it('limits are worded with what was expected: lengths in characters or items, values as bounds', () => {
    expect(refusal(v.pipe(v.string(), v.minLength(1)), '')).toBe(
      'Too small: expected string to have >=1 characters',
    );
    expect(refusal(v.pipe(v.array(v.string()), v.maxLength(1)), ['a', 'b'])).toBe(
      'Too big: expected array to have <=1 items',
    );
    expect(refusal(v.pipe(finiteNumber(), v.gtValue(0)), 0)).toBe(
      'Too small: expected number to be >0',
    );
    expect(refusal(v.pipe(finiteNumber(), v.maxValue(9)), 10)).toBe(
      'Too big: expected number to be <=9',
    );
    expect(refusal(v.picklist(['in', 'out']), 'up')).toBe(
      'Invalid option: expected one of "in"|"out"',
    );
    expect(refusal(v.literal('parent'), 'child')).toBe('Invalid input: expected "parent"');
    expect(refusal(v.pipe(v.string(), v.regex(/^\d$/)), 'x')).toBe(
      'Invalid string: must match pattern /^\\d$/',
    );
  });

  it('an email address may have an apostrophe or a punycode domain; a malformed one is refused', () => {
    for (const address of [
      'learner@example.com',
      "o'brien@example.co.uk",
      'a.b+c_d-e@sub.example.org',
      'learner@xn--bcher-kva.example',
    ]) {
      expect(refusal(emailAddress(), address)).toBe('');
    }
    for (const address of [
      'learner@example',
      '.learner@example.com',
      'learner.@example.com',
      'lea..rner@example.com',
      "learner'@example.com",
      'learner@-example.com',
      'learner@example.c',
      ' learner@example.com',
      'lé@example.com',
    ]) {
      expect(refusal(emailAddress(), address)).toBe('Invalid email address');
    }
  });

  it('every problem is named where it is, in order', () => {
    const result = validate(
      objectOf({ PORT: integer(), HOST: v.pipe(v.string(), v.minLength(1)) }),
      { PORT: 1.5, HOST: '' },
    );
    expect(result.success).toBe(false);
    expect(problemsOf(result.issues ?? [])).toBe(
      'PORT: Invalid input: expected int, received number; HOST: Too small: expected string to have >=1 characters',
    );
  });
});
