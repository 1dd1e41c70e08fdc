import { mockFetch } from '../../testing';
import { makeStore } from '../../store/makeStore';
import { headerLogoSlice, headerMenuSlice, homeCourseSlice, homePageSlice } from './homeSlices';
import { loadCourses, loadHeaderMenu, loadHomePage } from './homeThunks';

describe('home data loading', () => {
  it('puts the home page in homePageData and its logo in headerLogoData', async () => {
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
      '/wp-json/wp/v2/menu_home': () => ({ body: [{ ID: 4, title: 'PLAB', url: '/plab' }] }),
      '/wp-json/wp/v2/courseList': () => ({ body: [{ id: 8, title: 'UKMLA' }] }),
    });
    const store = makeStore();
    await store.dispatch(loadHomePage());
    await store.dispatch(loadHeaderMenu());
    await store.dispatch(loadCourses());
    const state = store.getState();
    expect(homePageSlice.selectors.selectItems(state)[0]?.id).toBe(96030);
    expect(headerLogoSlice.selectors.selectItems(state)).toEqual([
      { id: 'header', url: '/logo.png', alt: 'Logo' },
    ]);
    expect(headerMenuSlice.selectors.selectItems(state)[0]).toMatchObject({ id: 4, title: 'PLAB' });
    expect(homeCourseSlice.selectors.selectItems(state)).toHaveLength(1);
  });
});
