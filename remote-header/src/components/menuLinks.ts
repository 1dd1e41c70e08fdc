import { safeUrl } from 'shared-store';

/**
 * Where a menu link goes inside the storefront: any link containing /blog goes to /blogs; links
 * to this site become router paths; other links stay external. A script or malformed URL gives
 * null: the item is shown as text, never as a link.
 */
export function menuTarget(url: unknown): { to: string; external: boolean } | null {
  const safe = safeUrl(url);
  if (safe === '#' && url !== '#') return null;
  if (safe.includes('/blog')) return { to: '/blogs', external: false };
  if (safe.startsWith('/') || safe.startsWith('#')) return { to: safe, external: false };
  return { to: safe, external: true };
}
