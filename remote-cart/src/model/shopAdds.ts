import { eventBus, type RootState, type UnknownAction } from 'shared-store';
import { lineKey } from './cartLines';
import { selectCartItems, type CartItem } from './cartSlice';
import { type Middleware } from '@reduxjs/toolkit';

/** What marks an add a shop page makes through the cart model (an action's `meta`). */
interface ShopAddMeta {
  shopAdd: true;
}

/** An add a shop page asks of the cart model: the cart tells the page once it has taken it. */
export function shopAdd<A extends UnknownAction>(action: A): A & { meta: ShopAddMeta } {
  return { ...action, meta: { shopAdd: true } };
}

function isShopAdd(action: unknown): boolean {
  const meta = (action as { meta?: Partial<ShopAddMeta> } | null)?.meta;
  return meta?.shopAdd === true;
}

/** The line a change raised: new in the cart, or held in a larger quantity; none when it was refused. */
function raisedLine(before: readonly CartItem[], after: readonly CartItem[]): CartItem | undefined {
  const had = new Map(before.map((line) => [lineKey(line), line.quantity]));
  return after.find((line) => line.quantity > (had.get(lineKey(line)) ?? 0));
}

/**
 * Tells the page's bus of each line a shop page added (`cart:item-added`, its key in the cart),
 * once the cart has taken it: the mini-cart shows it. An add the cart refused tells nothing.
 */
export const tellShopAdds: Middleware<object, RootState> = (api) => (next) => (action) => {
  if (!isShopAdd(action)) return next(action);
  const before = selectCartItems(api.getState());
  const result = next(action);
  const line = raisedLine(before, selectCartItems(api.getState()));
  if (line) eventBus.emit({ type: 'cart:item-added', id: line.id, month: line.month });
  return result;
};
