import { MAX_QUANTITY, QUANTITY_FLOOR, lowered, toDiscount, toQuantity } from './quantity';

describe('a line’s quantity', () => {
  it('lowering never goes below the floor', () => {
    expect(lowered(QUANTITY_FLOOR + 3, 1)).toBe(QUANTITY_FLOOR + 2);
    expect(lowered(QUANTITY_FLOOR + 2, 5)).toBe(QUANTITY_FLOOR);
    expect(lowered(QUANTITY_FLOOR, 1)).toBe(QUANTITY_FLOOR);
  });

  it('a quantity already below the floor is not raised by lowering it', () => {
    expect(lowered(0, 1)).toBe(0);
  });

  it('is a whole number from 0 to the largest; anything not a number is 0', () => {
    expect(toQuantity('3')).toBe(3);
    expect(toQuantity(2.9)).toBe(2);
    expect(toQuantity(-4)).toBe(0);
    expect(toQuantity(1e9)).toBe(MAX_QUANTITY);
    expect(toQuantity('lots')).toBe(0);
    expect(toQuantity(undefined)).toBe(0);
  });
});

describe('an applied discount', () => {
  it('is parsed as whole pounds, never below 0', () => {
    expect(toDiscount('12.75')).toBe(12);
    expect(toDiscount(3.9)).toBe(3);
    expect(toDiscount(-5)).toBe(0);
    expect(toDiscount('none')).toBe(0);
    expect(toDiscount(1e12)).toBe(1_000_000);
  });
});
