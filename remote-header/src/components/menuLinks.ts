import { linkTarget } from 'shared-store';

type LinkTarget = NonNullable<ReturnType<typeof linkTarget>>;

/**
 * Where a menu link goes: where shared-store's `linkTarget` sends a backend link (the WordPress
 * site's own links become storefront routes, other hosts stay external, a script URL gives null:
 * the item is text, never a link), except that any menu link containing /blog goes to /blogs.
 */
export function menuTarget(url: unknown): LinkTarget | null {
  const target = linkTarget(url);
  return target?.to.includes('/blog') ? { to: '/blogs', external: false } : target;
}

/** On mobile the two-level submenu shows its even items first, then the odd ones. */
export function reorderForMobile<T>(items: readonly T[]): T[] {
  return [...items.filter((_, i) => i % 2 === 0), ...items.filter((_, i) => i % 2 === 1)];
}
