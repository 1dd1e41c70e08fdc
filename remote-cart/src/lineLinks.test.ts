import { linePath, shownImage } from './lineLinks';

const PAGE = 'http://shop.example/cart';

describe('a line’s image is shown only from https or this site', () => {
  it.each([
    ['https://wp.example/uploads/plab-1.jpg', 'https://wp.example/uploads/plab-1.jpg'],
    ['/uploads/plab-1.jpg', 'http://shop.example/uploads/plab-1.jpg'],
    ['http://shop.example/uploads/plab-1.jpg', 'http://shop.example/uploads/plab-1.jpg'],
  ])('%s is shown', (url, shown) => {
    expect(shownImage(url, PAGE)).toBe(shown);
  });

  it.each([
    ['none (a line kept by an older build)', undefined],
    ['a script', 'javascript:alert(1)'],
    ['a script hidden by a control character', 'java\tscript:alert(1)'],
    ['a data: URL', 'data:image/svg+xml,<svg onload="alert(1)"/>'],
    ['plain http to another host', 'http://tracker.example/pixel.gif'],
    ['empty', ''],
  ])('%s is not', (_, url) => {
    expect(shownImage(url, PAGE)).toBeUndefined();
  });
});

describe('a line leads to its own page', () => {
  it('a course to its course page, an event to its event page, a package to the memberships', () => {
    expect(linePath({ slug: 'plab-1-online-course' })).toBe('/courses/plab-1-online-course');
    expect(linePath({ slug: 'plab-2-mock-day', from: 'event' })).toBe('/events/plab-2-mock-day');
    expect(linePath({ slug: 'membership', tier: 'gold' })).toBe('/memberships');
  });

  it('a line without a slug leads nowhere', () => {
    expect(linePath({ slug: '' })).toBe('');
  });
});
