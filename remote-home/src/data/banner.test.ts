import { makeStore, mockFetch } from 'shared-store/testing';
import { bannerSlides, takeServedBanner } from './banner';
import { homeBannerSlice } from './homeSlices';
import { loadHomeBanner } from './homeThunks';

const slide = {
  id: 1,
  title: 'Pass PLAB',
  subtitle: '<p>Mocks</p>',
  image: { url: '/hero.svg', alt: 'Doctors', width: 1600, height: 640 },
  cta: { title: 'Browse courses', url: '/#courses-section' },
};

/** A page carrying `text` where the gateway puts the banner it rendered the hero from. */
function pageWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  const script = doc.createElement('script');
  script.id = 'home-banner-data';
  script.type = 'application/json';
  script.textContent = text;
  doc.head.append(script);
  return doc;
}

describe('the banner’s slides', () => {
  it('keeps a well-formed slide as it is', () => {
    expect(bannerSlides([slide])).toEqual([slide]);
  });

  it('drops entries with no title, and reads a missing subtitle, link or image as empty instead of breaking the hero', () => {
    expect(bannerSlides([null, 'x', { id: 2 }, { title: 'Only a title' }, { title: 3 }])).toEqual([
      {
        id: -4,
        title: 'Only a title',
        subtitle: '',
        image: { url: '', alt: '' },
        cta: { title: '', url: '' },
      },
    ]);
    expect(
      bannerSlides([{ ...slide, cta: 'x', image: { url: 7, width: '9' }, subtitle: {} }])[0],
    ).toMatchObject({ subtitle: '', image: { url: '', alt: '' }, cta: { title: '', url: '' } });
  });

  it('is an empty list for anything but a list', () => {
    expect(bannerSlides({ code: 'rest_no_route' })).toEqual([]);
    expect(bannerSlides(undefined)).toEqual([]);
  });
});

describe('the banner the page carries', () => {
  it('is taken once: later reads ask WordPress again', () => {
    const doc = pageWith(JSON.stringify([slide]));
    expect(takeServedBanner(doc)).toEqual([slide]);
    expect(takeServedBanner(doc)).toBeUndefined();
  });

  it('is nothing when the page carries none, broken JSON or no slide', () => {
    expect(takeServedBanner(document.implementation.createHTMLDocument(''))).toBeUndefined();
    expect(takeServedBanner(pageWith('[{"title": '))).toBeUndefined();
    expect(takeServedBanner(pageWith('[]'))).toBeUndefined();
  });

  it('fills the store on the page’s first banner read without a request; the next read asks WordPress', async () => {
    const doc = pageWith(JSON.stringify([slide]));
    document.head.append(...doc.head.childNodes);
    const fetched = mockFetch({
      '/wp-json/wp/v2/home_banner': () => ({ body: [{ ...slide, title: 'Fresh' }] }),
    });
    const store = makeStore();
    await store.dispatch(loadHomeBanner());
    expect(homeBannerSlice.selectors.selectItems(store.getState())[0]?.title).toBe('Pass PLAB');
    expect(fetched.calls).toEqual([]);
    await store.dispatch(loadHomeBanner());
    expect(homeBannerSlice.selectors.selectItems(store.getState())[0]?.title).toBe('Fresh');
    document.getElementById('home-banner-data')?.remove();
  });
});
