import { makeStore, mountedStore, writeStoredState, type AppStore } from 'shared-store/testing';
import {
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
} from './homeSlices';

const homePage = {
  id: 96030,
  slug: 'home',
  title: { rendered: 'Home' },
  content: { rendered: '<h2>Four ways to learn</h2>' },
  acf_groups: { FooterContent: { copyrighttext: 'Arora Medical Education' } },
};
const slide = {
  id: 1,
  title: 'Pass PLAB',
  subtitle: '<p>Mocks</p>',
  image: { url: '/hero.svg', alt: 'Doctors', width: 1600, height: 640 },
  cta: { title: 'Browse courses', url: '/#courses-section' },
};
const partner = { id: 3, name: 'BMJ', logo: { url: '/bmj.png' }, url: 'https://bmj.test' };
const event = {
  id: 2301,
  title: 'PLAB 2 Mock Circuit',
  slug: 'plab-2-mock',
  date: '2027-01-16',
  location: 'Manchester',
  price: '295.00',
  product_id: 3301,
  image: { url: '/e.svg', alt: '' },
};
const course = {
  id: 2103,
  title: 'PLAB 1',
  slug: 'plab-1',
  excerpt: '<p>Pass</p>',
  image: { url: '/plab.svg', alt: 'PLAB 1' },
  product_id: 3103,
  price: '49.99',
  exam: 'PLAB',
};

function lists(store: AppStore) {
  const state = store.getState();
  return {
    homePageData: homePageSlice.selectors.selectItems(state),
    homeBannerData: homeBannerSlice.selectors.selectItems(state),
    homePartnerData: homePartnerSlice.selectors.selectItems(state),
    homeEventData: homeEventSlice.selectors.selectItems(state),
    homeCourseData: homeCourseSlice.selectors.selectItems(state),
  };
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('the home page’s lists kept across visits', () => {
  it('a home page saved by the build before the home remote owned its slices is read back intact', async () => {
    // As that build wrote it: version 2, each list under its stored key.
    const saved = {
      homePageData: { items: [{ id: 96030, homeData: homePage }] },
      homeBannerData: { items: [slide] },
      homePartnerData: { items: [partner] },
      homeEventData: { items: [event] },
      homeCourseData: { items: [course] },
    };
    writeStoredState({ ...saved, loginData: { loginData: false } }, 2);
    const store = await mountedStore();
    expect(lists(store)).toEqual({
      homePageData: [{ id: 96030, homeData: homePage }],
      homeBannerData: [slide],
      homePartnerData: [partner],
      homeEventData: [event],
      homeCourseData: [course],
    });
  });

  it('a kept list is held to the rules of a fresh answer: entries no answer could hold are dropped', async () => {
    writeStoredState(
      {
        homePageData: {
          items: [
            { id: 1, homeData: { id: 1, slug: 'no-title' } },
            { id: 96030, homeData: homePage },
          ],
        },
        homeBannerData: { items: [{ title: 7 }, slide] },
        homePartnerData: { items: [{ id: 'x', name: 'Nobody' }, partner] },
        homeEventData: { items: [{ title: 'No id' }, event] },
        homeCourseData: { items: [{ id: 9, title: { rendered: 'Not text' } }, course] },
      },
      3,
    );
    const store = await mountedStore();
    expect(lists(store)).toEqual({
      homePageData: [{ id: 96030, homeData: homePage }],
      homeBannerData: [slide],
      homePartnerData: [partner],
      homeEventData: [event],
      homeCourseData: [course],
    });
  });

  it('a kept value that is not a list leaves its slice empty, and the others as kept', async () => {
    writeStoredState({ homeCourseData: 'garbage', homePartnerData: { items: [partner] } }, 3);
    const store = await mountedStore();
    expect(lists(store).homeCourseData).toEqual([]);
    expect(lists(store).homePartnerData).toEqual([partner]);
  });
});

describe('the home page’s lists', () => {
  it('each is its own list, replaced whole by a fresh answer', () => {
    const store = makeStore();
    store.dispatch(homePartnerSlice.actions.itemsReceived([partner]));
    store.dispatch(homePartnerSlice.actions.itemsReceived([{ ...partner, id: 4, name: 'NHS' }]));
    expect(homePartnerSlice.selectors.selectItems(store.getState())).toEqual([
      { ...partner, id: 4, name: 'NHS' },
    ]);
    expect(homeCourseSlice.selectors.selectItems(store.getState())).toEqual([]);
  });
});
