import { percentOff, toPercent } from './coupon';

describe('a percentage coupon', () => {
  it('takes its whole percentage of the lines, rounded to the penny', () => {
    expect(percentOff(20, 69.98)).toBe(14);
    expect(percentOff(20, 19.99)).toBe(4);
    expect(percentOff(20, 59.97)).toBe(11.99);
    expect(percentOff(15, 0)).toBe(0);
  });

  it('keeps its percentage as a whole number between 0 and 100 (discounts are parsed as integers)', () => {
    expect(toPercent('20.00')).toBe(20);
    expect(toPercent('12.5')).toBe(12);
    expect(toPercent(250)).toBe(100);
    expect(toPercent('lots')).toBe(0);
    expect(toPercent(-5)).toBe(0);
  });
});
