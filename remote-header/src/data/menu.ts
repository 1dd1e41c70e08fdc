import { anyList, listRead } from 'shared-store';
import { type MenuItem } from './shapes';

/** The deepest menu level kept; deeper backend data is dropped rather than overflowing. */
export const MAX_MENU_DEPTH = 4;
/** The most items one menu level keeps. */
const MAX_MENU_ITEMS = 60;

function isMenuItem(item: unknown): item is MenuItem {
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof (item as MenuItem).title === 'string' &&
    (item as MenuItem).title.trim() !== ''
  );
}

/** Menu data as it arrived, reduced to well-formed items with bounded depth and length. */
export function cleanMenu(items: unknown, depth = 0): MenuItem[] {
  if (!Array.isArray(items) || depth >= MAX_MENU_DEPTH) return [];
  return items
    .filter(isMenuItem)
    .slice(0, MAX_MENU_ITEMS)
    .map((item) => ({
      ID: typeof item.ID === 'number' ? item.ID : 0,
      title: item.title,
      url: typeof item.url === 'string' ? item.url : '',
      ...(typeof item.target === 'string' ? { target: item.target } : {}),
      items: cleanMenu(item.items, depth + 1),
    }));
}

/** wp/v2/menu_home: the header's menu, as WordPress sent it (cleanMenu makes it one to show). */
export const menuRead = listRead('menu', () => ({ path: '/wp-json/wp/v2/menu_home' }), anyList);
