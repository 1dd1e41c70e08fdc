import { bannerSlides } from './banner';

const slide = {
  id: 1,
  title: 'Pass PLAB',
  subtitle: '<p>Mocks</p>',
  image: { url: '/hero.svg', alt: 'Doctors', width: 1600, height: 640 },
  cta: { title: 'Browse courses', url: '/#courses-section' },
};

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
