import { servedFor } from './servedAddress';

/** The browser's record of the page's navigation (jsdom keeps none). */
function servedAt(url: string) {
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (type: string) => (type === 'navigation' ? [{ name: url }] : []),
  });
}

afterEach(() => {
  Reflect.deleteProperty(performance, 'getEntriesByType');
});

describe('the address the page was served for', () => {
  it('is the one its document was loaded at, query included', () => {
    servedAt('https://shop.example/courses?exam=plab&sort=price-asc');
    expect(servedFor({ pathname: '/courses', search: '?exam=plab&sort=price-asc' })).toBe(true);
  });

  it('is not one a back press reached before the page’s code ran', () => {
    servedAt('https://shop.example/courses?exam=plab&sort=price-asc');
    expect(servedFor({ pathname: '/courses', search: '?exam=plab' })).toBe(false);
    expect(servedFor({ pathname: '/courses/plab-2-online-course', search: '' })).toBe(false);
  });

  it('is any address where the browser names no navigation', () => {
    expect(servedFor({ pathname: '/courses', search: '' })).toBe(true);
  });
});
