import { cartLabel } from './labels';

describe('cart button name', () => {
  it('reads "Cart, 1 item" and "Cart, 2 items"', () => {
    expect(cartLabel(1)).toBe('Cart, 1 item');
    expect(cartLabel(2)).toBe('Cart, 2 items');
    expect(cartLabel(0)).toBe('Cart, 0 items');
  });
});
