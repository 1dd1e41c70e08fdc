import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  ANALYTICS_CURRENCY,
  analyticsItem,
  decodeEntities,
  toPrice,
  trackEvent,
  type AnalyticsItem,
  type ItemList,
} from 'shared-store';
import type { Course, EventItem } from './data/shapes';

/**
 * What analytics is told of the courses and events the shop's pages show: the lists (view_item_list,
 * select_item when a card is opened from one) and the course or event a page is about (view_item).
 * Adding to the cart is the cart's to tell.
 */

/**
 * A course as analytics knows it: its id (the one its cart line takes), its title as shown, its
 * exam (the course's exam field, else the exam its title or slug names) and its "from" price.
 */
export function courseItem(course: Pick<Course, 'id' | 'title' | 'slug' | 'exam' | 'price'>) {
  return analyticsItem({
    id: course.id,
    name: decodeEntities(course.title),
    exam: course.exam,
    slug: course.slug,
    price: toPrice(course.price),
  });
}

/** An event as analytics knows it: its id, title, the exam its title or slug names, its price. */
export function eventItem(event: Pick<EventItem, 'id' | 'title' | 'slug' | 'price'>) {
  return analyticsItem({
    id: event.id,
    name: decodeEntities(event.title),
    slug: event.slug,
    price: toPrice(event.price),
  });
}

/**
 * Runs `effect` after the render in which `key` first has a value, and again for each new key;
 * never twice for one key, however often the component renders (or React re-runs its effects).
 */
function useOncePerKey(key: string | null, effect: () => void): void {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || done.current === key) return;
    done.current = key;
    effect();
  });
}

interface ShownList {
  list: ItemList;
  /** The list's items, read when first asked for (never while the page renders). */
  items: () => AnalyticsItem[];
}

/** The list a card is shown in: opening the card from it is a select_item. */
const ShownListContext = createContext<ShownList | null>(null);

/**
 * A list of courses or events shown to the visitor: view_item_list once, when it first has
 * entries (fresh data replacing what the store kept is the same list), each item with its place
 * in it. Its cards' links tell which item was opened from it. Items are made of the entries
 * (`toItem`) only when analytics is told: titles are read then, not while the page renders.
 */
export function TrackedList<T>({
  list,
  entries,
  toItem,
  children,
}: {
  list: ItemList;
  entries: readonly T[];
  toItem: (entry: T) => AnalyticsItem;
  children: ReactNode;
}) {
  const shown = useMemo(() => {
    let items: AnalyticsItem[] | undefined;
    return { list, items: () => (items ??= entries.map(toItem)) };
  }, [list, entries, toItem]);
  useOncePerKey(entries.length > 0 ? list.item_list_id : null, () => {
    trackEvent({
      event: 'view_item_list',
      ecommerce: { ...list, items: shown.items().map((item, index) => ({ ...item, index })) },
    });
  });
  return <ShownListContext.Provider value={shown}>{children}</ShownListContext.Provider>;
}

/**
 * What opening the card of course or event `id` does for analytics: a select_item of the list it
 * is shown in; nothing outside a list.
 */
export function useSelectItem(id: number | string): (() => void) | undefined {
  const shown = useContext(ShownListContext);
  if (!shown) return undefined;
  return () => {
    const items = shown.items();
    const index = items.findIndex((item) => item.item_id === String(id));
    const item = items[index];
    if (!item) return;
    trackEvent({
      event: 'select_item',
      ecommerce: { ...shown.list, items: [{ ...item, index }] },
    });
  };
}

/**
 * A page about one course or event (`id`): view_item once for each it shows, its item made
 * (`toItem`) when analytics is told.
 */
export function useItemViewed(id: number | string, toItem: () => AnalyticsItem): void {
  useOncePerKey(String(id), () => {
    const item = toItem();
    trackEvent({
      event: 'view_item',
      ecommerce: { currency: ANALYTICS_CURRENCY, value: item.price, items: [item] },
    });
  });
}
