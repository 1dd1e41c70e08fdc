import { serveAnswers } from 'shared-store';
import { makeStore, mockFetch } from 'shared-store/testing';
import {
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
} from './homeSlices';
import { HOME_SECTIONS_REUSE_MS, loadHomeBanner, loadHomeSections } from './homeThunks';
import { HOME_BANNER_PATH, homeReads } from './reads';

// Each test is a page view of its own: nothing kept from another's reads (the course list is).
beforeEach(() => {
  serveAnswers({});
});

describe('home data loading', () => {
  it('loads every home section into its slice, in parallel', async () => {
    mockFetch({
      '/wp-json/wp/v2/pages/96030': () => ({
        body: { id: 96030, slug: 'home', title: { rendered: 'Home' }, content: { rendered: '' } },
      }),
      '/wp-json/wp/v2/courseList': () => ({ body: [{ id: 8, title: 'UKMLA' }] }),
      '/wp-json/wp/v2/home_banner': () => ({ body: [{ id: 1, title: 'Hero' }] }),
      '/wp-json/wp/v2/events': () => ({ body: [{ id: 2, title: 'Mock day' }] }),
      '/wp-json/wp/v2/our_partner': () => ({ body: [{ id: 3, name: 'BMJ' }] }),
    });
    const store = makeStore();
    await store.dispatch(loadHomeSections());
    const state = store.getState();
    expect(homeBannerSlice.selectors.selectItems(state)).toHaveLength(1);
    expect(homeEventSlice.selectors.selectItems(state)).toHaveLength(1);
    expect(homePartnerSlice.selectors.selectItems(state)).toHaveLength(1);
    expect(homePageSlice.selectors.selectItems(state)[0]?.id).toBe(96030);
    expect(homeCourseSlice.selectors.selectItems(state)).toHaveLength(1);
  });
});

describe('one load of the home sections per page view', () => {
  const answers = {
    '/wp-json/wp/v2/pages/96030': () => ({ body: { id: 96030, slug: 'home' } }),
    '/wp-json/wp/v2/courseList': () => ({ body: [{ id: 8, title: 'UKMLA' }] }),
    '/wp-json/wp/v2/home_banner': () => ({ body: [{ id: 1, title: 'Hero' }] }),
    '/wp-json/wp/v2/events': () => ({ body: [] }),
    '/wp-json/wp/v2/our_partner': () => ({ body: [] }),
  };

  it('a second caller while the first load runs (the page shown again) asks WordPress nothing more', async () => {
    const { calls } = mockFetch(answers);
    const store = makeStore();
    await Promise.all([store.dispatch(loadHomeSections()), store.dispatch(loadHomeSections())]);
    expect(calls.filter((url) => url.includes('/home_banner'))).toHaveLength(1);
    expect(calls.filter((url) => url.includes('/courseList'))).toHaveLength(1);
  });

  it('takes answers that came back moments ago, and asks again once they are 10 s old', async () => {
    const { calls } = mockFetch(answers);
    const store = makeStore();
    let clock = 1_000;
    const now = () => clock;
    await store.dispatch(loadHomeSections(now));
    clock += HOME_SECTIONS_REUSE_MS - 1;
    await store.dispatch(loadHomeSections(now));
    expect(calls.filter((url) => url.includes('/home_banner'))).toHaveLength(1);
    clock += 1;
    await store.dispatch(loadHomeSections(now));
    expect(calls.filter((url) => url.includes('/home_banner'))).toHaveLength(2);
  });

  it('a load that failed is not reused: the next caller asks again', async () => {
    const { calls } = mockFetch(answers);
    const store = makeStore();
    jest.spyOn(homeReads.homeBanner, 'request').mockImplementationOnce(() => {
      throw new Error('unexpected');
    });
    await expect(store.dispatch(loadHomeSections())).rejects.toThrow('unexpected');
    await expect(store.dispatch(loadHomeSections())).resolves.toBeUndefined();
    // The second load asked WordPress for the banner itself.
    expect(calls.filter((url) => url.includes('/home_banner'))).toHaveLength(1);
    expect(homeBannerSlice.selectors.selectItems(store.getState())).toHaveLength(1);
  });

  it('each store (each page view) loads for itself', async () => {
    const { calls } = mockFetch(answers);
    await makeStore().dispatch(loadHomeSections());
    await makeStore().dispatch(loadHomeSections());
    expect(calls.filter((url) => url.includes('/home_banner'))).toHaveLength(2);
  });
});

describe('the banner the page carries (the one its hero was drawn from)', () => {
  const slide = { id: 1, title: 'Pass PLAB', image: { url: '/hero.svg', alt: 'Doctors' } };

  afterEach(() => {
    serveAnswers({});
  });

  it('fills the store on the page’s first banner read without a request, whatever its stamp; a page that carries none asks WordPress', async () => {
    serveAnswers({ [HOME_BANNER_PATH]: [slide] });
    const { calls } = mockFetch({
      [HOME_BANNER_PATH]: () => ({ body: [{ ...slide, title: 'Fresh' }] }),
    });
    const store = makeStore();
    await store.dispatch(loadHomeBanner());
    expect(homeBannerSlice.selectors.selectItems(store.getState())[0]?.title).toBe('Pass PLAB');
    expect(calls).toEqual([]);
    // The next page, which carries no banner (shared-store keeps a served answer for the page
    // that carried it only).
    serveAnswers({});
    await store.dispatch(loadHomeBanner());
    expect(homeBannerSlice.selectors.selectItems(store.getState())[0]?.title).toBe('Fresh');
    expect(calls).toHaveLength(1);
  });

  it('one of another shape is no answer: the read asks WordPress', async () => {
    serveAnswers({ [HOME_BANNER_PATH]: { code: 'rest_no_route' } });
    const { calls } = mockFetch({ [HOME_BANNER_PATH]: () => ({ body: [slide] }) });
    const store = makeStore();
    await store.dispatch(loadHomeBanner());
    expect(calls).toHaveLength(1);
    expect(homeBannerSlice.selectors.selectItems(store.getState())[0]?.title).toBe('Pass PLAB');
  });
});
