/**
 * What a cart line is called where it is shown (the cart page, the mini-cart, an order, analytics):
 * a small module of its own, so what the first screens load of the cart carries no more.
 */
import type { CartItem } from './model/cartSlice';

/** What a line is called on the page: its title, else its slug. */
export function lineName(line: CartItem): string {
  return line.title || line.slug || `Item ${String(line.id)}`;
}

/** A package line shows its tier's stored duration (else its month); other lines their month. */
export function lineDuration(line: CartItem, tierDuration: string): string {
  return line.tier ? tierDuration || line.month : line.month;
}
