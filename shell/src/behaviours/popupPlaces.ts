/**
 * The pages the newsletter popup never opens on: a visitor there is signing in or up, resetting a
 * password (its reset step is /forgotpass with a key), paying, or writing to us, and an offer
 * would be in the way. On the newsletter's own form it has nothing to add.
 */
const PAGES_WITHOUT_POPUP = [
  '/login',
  '/signup',
  '/forgotpass',
  '/cart',
  '/checkout',
  '/contact-us',
  '/arora-subscribe-form',
] as const;

/** Whether the newsletter popup may show on the page at `pathname` (its pages below it too). */
export function popupAllowedOn(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return !PAGES_WITHOUT_POPUP.some((page) => path === page || path.startsWith(`${page}/`));
}
