import type { AddOutcome, RootState, UnknownAction } from 'shared-store';
import { lineName } from '../lineNames';
import { itemUpdated, matches, packageChosen, PACKAGE_SLUG, selectCart } from './cartSlice';
import { toLimit } from './cartLines';

/** What the shopper is told of a line at its limit `max`, which another one would pass. */
function atLimit(name: string, max: number, event: boolean): string {
  if (max === 0) return `${name} is sold out.`;
  if (event) {
    return max === 1
      ? `Only 1 place is left at ${name}, and it is in your cart.`
      : `Only ${String(max)} places are left at ${name}, and they are all in your cart.`;
  }
  if (max === 1) return `${name} is already in your cart. It can be bought once per order.`;
  return `Your cart already has ${String(max)} of ${name}, the most one order can have.`;
}

/**
 * What an add (the action of the cart model's lineAdded or packageChosen) would do to the cart
 * in `state`: a line at its limit is not raised, and the shopper is told why; a package that
 * takes another's place says so ("Gold Membership replaces Silver Membership in your cart").
 */
export function addOutcome(state: RootState, action: UnknownAction): AddOutcome {
  const cart = selectCart(state);
  if (itemUpdated.match(action)) {
    const input = action.payload;
    const line = cart.cartData.find((candidate) => matches(candidate, input));
    const max = toLimit(input.max_quantity) ?? line?.max_quantity;
    const wanted = (line?.quantity ?? 0) + 1;
    if (max === undefined || wanted <= max) return { adds: true };
    const name = line ? lineName(line) : input.title || input.slug || 'This';
    return { adds: false, message: atLimit(name, max, input.from === 'event') };
  }
  if (packageChosen.match(action)) {
    const choice = action.payload;
    const current = cart.cartData.find((line) => line.slug === PACKAGE_SLUG);
    if (!current) return { adds: true };
    if (current.id !== choice.product_id) {
      return { adds: true, message: `${choice.title} replaces ${lineName(current)} in your cart.` };
    }
    if (current.month === choice.month) {
      return { adds: false, message: `${choice.title}, ${choice.month}, is already in your cart.` };
    }
    return { adds: true, message: `${choice.title} is now ${choice.month} in your cart.` };
  }
  return { adds: true };
}
