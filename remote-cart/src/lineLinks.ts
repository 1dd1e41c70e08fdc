/**
 * Where a cart line leads and the image it shows (the cart page, the cart drawer): a module of its
 * own, loaded with those views only.
 */
import { coursePath, eventPath, safeUrl } from 'shared-store';
import type { CartItem } from './model/cartSlice';

/** The page the shop's packages are chosen on. */
const MEMBERSHIPS_PATH = '/memberships';

/** The storefront's page of a line: its course's or event's, or the memberships for a package. */
export function linePath(line: Pick<CartItem, 'slug' | 'from' | 'tier'>): string {
  if (line.tier) return MEMBERSHIPS_PATH;
  return line.from === 'event' ? eventPath(line.slug) : coursePath(line.slug);
}

/**
 * A line's image URL as it may be shown: an https image, or one of this site's own. The line was
 * kept in the browser's storage (or the learner's saved cart), so the URL the shop page read from
 * WordPress is checked again here: anything else (a script, a data: or plain-http URL to another
 * host, a malformed one) shows no image.
 */
export function shownImage(url: string | undefined, page = location.href): string | undefined {
  const safe = safeUrl(url);
  if (safe === '#') return undefined;
  try {
    const here = new URL(page);
    const parsed = new URL(safe, here);
    return parsed.protocol === 'https:' || parsed.origin === here.origin ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
