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

/** On mobile the two-level submenu shows its even items first, then the odd ones. */
export function reorderForMobile<T>(items: readonly T[]): T[] {
  return [...items.filter((_, i) => i % 2 === 0), ...items.filter((_, i) => i % 2 === 1)];
}
