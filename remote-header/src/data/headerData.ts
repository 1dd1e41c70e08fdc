import type { WithSlice } from '@reduxjs/toolkit';
import type * as v from 'valibot';
import {
  contentReads,
  createListSlice,
  injectSlice,
  read,
  storedList,
  type AppDispatch,
  type wpImage,
} from 'shared-store';
import { cleanMenu, menuRead } from './menu';
import { type MenuItem } from './shapes';

/** A menu item keyed for the list: WordPress's ID, else its place in the menu. */
export type HeaderMenuEntry = MenuItem & { id: number };

/** The site's logo, from the home page's fields. */
export interface HeaderLogoEntry extends v.InferOutput<typeof wpImage> {
  id: string;
}

/** The menu as the header shows it, whether WordPress just sent it or the page kept it. */
function menuEntries(items: unknown): HeaderMenuEntry[] {
  return cleanMenu(items).map((item, index) => ({ ...item, id: item.ID || -(index + 1) }));
}

/** A kept logo: one with an address, its text and size only where they have the right type. */
function logoEntries(items: unknown[]): HeaderLogoEntry[] {
  return items.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { url, alt, width, height } = item as Record<string, unknown>;
    if (typeof url !== 'string' || url === '') return [];
    return [
      {
        id: 'header',
        url,
        ...(typeof alt === 'string' ? { alt } : {}),
        ...(typeof width === 'number' ? { width } : {}),
        ...(typeof height === 'number' ? { height } : {}),
      },
    ];
  });
}

// The header's lists, kept across visits under the page's stored keys headerMenuData and
// headerLogoData: the header shows last visit's menu and logo at once, fresh ones replace them.
const menuSlice = createListSlice<HeaderMenuEntry, 'headerMenuData'>('headerMenuData');
const logoSlice = createListSlice<HeaderLogoEntry, 'headerLogoData'>('headerLogoData');

declare module 'shared-store' {
  interface TeamSlices extends WithSlice<typeof menuSlice>, WithSlice<typeof logoSlice> {}
}

export const headerMenuSlice = injectSlice(menuSlice, storedList(menuEntries));
export const headerLogoSlice = injectSlice(logoSlice, storedList(logoEntries));

/** Loads the header menu; an empty answer keeps what the store already has. */
export function loadHeaderMenu() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const menu = menuEntries(await read(menuRead));
    if (menu.length > 0) dispatch(headerMenuSlice.actions.itemsReceived(menu));
  };
}

/**
 * Loads the site's logo from the home page's fields (the page's one read of the home page, which
 * the footer, the home page and the page's title share); a page without one keeps what the store
 * has.
 */
export function loadHeaderLogo() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const page = await read(contentReads.homePage);
    const logo = page?.acf_groups?.HeaderContent?.headerlogo;
    if (logo?.url) dispatch(headerLogoSlice.actions.itemsReceived([{ id: 'header', ...logo }]));
  };
}
