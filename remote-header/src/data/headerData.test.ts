import { Fragment, createElement } from 'react';
import type { AppStore } from 'shared-store';
import {
  mockFetch,
  mountedStore,
  renderWithProviders,
  writeStoredState,
} from 'shared-store/testing';
import { headerLogoSlice, headerMenuSlice, loadHeaderLogo, loadHeaderMenu } from './headerData';
import { MAX_MENU_DEPTH } from './menu';

const logo = { url: '/logo.png', alt: 'Logo', width: 190, height: 79 };
const menuEntry = { ID: 4, title: 'PLAB', url: '/plab', items: [], id: 4 };

/** A new page's store: fresh, with nothing read yet (the home page is kept for a minute). */
function newPage(): AppStore {
  return renderWithProviders(createElement(Fragment)).store;
}

/** A menu nested `depth` levels deep, one item a level. */
function nested(depth: number): unknown[] {
  return depth === 0
    ? []
    : [{ ID: depth, title: `Level ${String(depth)}`, url: '/', items: nested(depth - 1) }];
}

function levels(items: { items?: unknown[] }[] | undefined): number {
  const [first] = items ?? [];
  return first ? 1 + levels(first.items as { items?: unknown[] }[]) : 0;
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('the header’s data', () => {
  it('loads the menu, each item keyed by its ID, and the logo from the home page’s fields', async () => {
    mockFetch({
      '/wp-json/wp/v2/pages/96030': () => ({
        body: {
          id: 96030,
          slug: 'home',
          title: { rendered: 'Home' },
          content: { rendered: '' },
          acf_groups: { HeaderContent: { headerlogo: { url: '/logo.png', alt: 'Logo' } } },
        },
      }),
      '/wp-json/wp/v2/menu_home': () => ({
        body: [{ ID: 4, title: 'PLAB', url: '/plab' }, { title: 'No ID', url: '/x' }, { ID: 5 }],
      }),
    });
    const store = newPage();
    await store.dispatch(loadHeaderMenu());
    await store.dispatch(loadHeaderLogo());
    const state = store.getState();
    expect(headerMenuSlice.selectors.selectItems(state)).toEqual([
      { ID: 4, title: 'PLAB', url: '/plab', items: [], id: 4 },
      { ID: 0, title: 'No ID', url: '/x', items: [], id: -2 },
    ]);
    expect(headerLogoSlice.selectors.selectItems(state)).toEqual([
      { id: 'header', url: '/logo.png', alt: 'Logo' },
    ]);
  });

  it('an empty menu or a home page without a logo keeps what the store has', async () => {
    mockFetch({
      '/wp-json/wp/v2/pages/96030': () => ({
        body: { id: 96030, slug: 'home', title: { rendered: '' }, content: { rendered: '' } },
      }),
      '/wp-json/wp/v2/menu_home': () => ({ body: [] }),
    });
    const store = newPage();
    store.dispatch(headerMenuSlice.actions.itemsReceived([menuEntry]));
    store.dispatch(headerLogoSlice.actions.itemsReceived([{ id: 'header', ...logo }]));
    await store.dispatch(loadHeaderMenu());
    await store.dispatch(loadHeaderLogo());
    expect(headerMenuSlice.selectors.selectItems(store.getState())).toEqual([menuEntry]);
    expect(headerLogoSlice.selectors.selectItems(store.getState())).toEqual([
      { id: 'header', ...logo },
    ]);
  });
});

describe('the header’s lists kept across visits', () => {
  it('a menu and logo saved by the build before the header owned its slices are read back intact', async () => {
    // As that build wrote them: version 2, each list under its stored key.
    writeStoredState(
      {
        headerMenuData: { items: [menuEntry] },
        headerLogoData: { items: [{ id: 'header', ...logo }] },
        loginData: { loginData: false },
      },
      2,
    );
    const store = await mountedStore();
    expect(headerMenuSlice.selectors.selectItems(store.getState())).toEqual([menuEntry]);
    expect(headerLogoSlice.selectors.selectItems(store.getState())).toEqual([
      { id: 'header', ...logo },
    ]);
  });

  it('a kept menu and logo are held to the rules of a fresh answer', async () => {
    writeStoredState(
      {
        headerMenuData: {
          items: [{ title: '', url: '/blank' }, { ID: 4, title: 'PLAB', url: 7 }, ...nested(6)],
        },
        headerLogoData: {
          items: [
            { id: 'header', alt: 'No address' },
            { url: '/l.png', alt: 3 },
          ],
        },
      },
      3,
    );
    const store = await mountedStore();
    const menu = headerMenuSlice.selectors.selectItems(store.getState());
    expect(menu.map((item) => item.title)).toEqual(['PLAB', 'Level 6']);
    expect(menu[0]?.url).toBe('');
    expect(levels(menu.slice(1))).toBe(MAX_MENU_DEPTH);
    expect(headerLogoSlice.selectors.selectItems(store.getState())).toEqual([
      { id: 'header', url: '/l.png' },
    ]);
  });
});
