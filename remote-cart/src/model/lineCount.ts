import type { AppStore } from 'shared-store';
import { selectCartItems } from './cartSlice';

/**
 * The cookie that tells the gateway how many lines this browser's cart holds (the cart itself is
 * on the device): /cart is served with its empty state when it says none (or is absent: a new
 * visitor), else with a frame of that many lines, so the page's first paint is the cart's own.
 * It holds a count and nothing else: no item, no price, nothing of the learner. The page contract
 * names it among /cart's `serverRenderCookies`, the only cookies the gateway hands a renderer.
 */
export const CART_LINES_COOKIE = 'cart_lines';

/** The lines a frame reserves at most: more than a first screen shows on any screen. */
const MAX_RESERVED_LINES = 6;

/** A year: the cookie outlives a visit as the cart does. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The lines the cookie's value says the cart holds, for the frame (at most MAX_RESERVED_LINES);
 * 0 for none, an absent cookie or a value that is not a count (the browser sends what it likes).
 */
export function reservedLinesOf(value: string | undefined): number {
  if (value === undefined || !/^\d{1,3}$/.test(value)) return 0;
  return Math.min(Number(value), MAX_RESERVED_LINES);
}

/**
 * Keeps the cookie in step with the cart's lines from now on (written now, and whenever their
 * count changes: an add, a removal, a merge at login, another tab's change). Answers how to stop.
 */
export function keepLineCountCookie(store: AppStore, doc: Document = document): () => void {
  const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
  let written: number | undefined;
  const write = () => {
    const lines = selectCartItems(store.getState()).length;
    if (lines === written) return;
    written = lines;
    doc.cookie = `${CART_LINES_COOKIE}=${String(lines)}; Path=/; Max-Age=${String(COOKIE_MAX_AGE_S)}; SameSite=Lax${secure}`;
  };
  write();
  return store.subscribe(write);
}
