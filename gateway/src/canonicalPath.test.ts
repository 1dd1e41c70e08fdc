import fc from 'fast-check';
import { nonCanonicalReason } from './canonicalPath';

const plain = (url: string) => nonCanonicalReason(url, {});

describe('canonical paths', () => {
  it('lets the paths the storefront uses through', () => {
    for (const url of [
      '/',
      '/cart',
      '/wp-json/wp/v2/posts?slug=plab-tips&_embed',
      '/wp-json/custom/v2/trackOrder',
      '/api/shop/products/3101/variations',
      '/blogs/caf%C3%A9',
      '/search?s=..%2F..%2F',
    ]) {
      expect(plain(url)).toBeUndefined();
    }
  });

  it.each([
    ['a dot segment', '/wp-json/./wc/v3/orders/52001'],
    ['a parent segment', '/api/shop/../../wp-json/wc/v3/orders'],
    ['a doubled slash', '/wp-json//wc/v3/orders'],
    ['an encoded dot', '/wp-json/%2e/wc/v3/orders'],
    ['an encoded slash', '/wp-json/wc%2Fv3/orders'],
    ['an encoded backslash', '/wp-json/wc%5cv3/orders'],
    ['a backslash', '/wp-json\\wc/v3/orders'],
    ['an encoded letter', '/wp-json/w%63/v3/orders'],
    ['an encoded digit', '/wp-json/wc/v3/orders/%35%32%30%30%31'],
    ['a double encoding', '/wp-json/%252e/wc'],
    ['a malformed encoding', '/wp-json/wc/v3/%zz'],
    ['an upper-case prefix', '/WP-JSON/wc/v3/orders'],
    ['an upper-case namespace', '/wp-json/WC/v3/orders'],
    ['an absolute-form target', 'http://localhost/wp-json/wc/v3/orders'],
    ['rest_route', '/?rest_route=/wc/v3/orders/52001'],
    ['rest_route spelled as PHP reads it', '/?rest.route=/wc/v3/orders'],
    ['rest_route as an array', '/checkout/?rest_route[]=/wc/v3/orders'],
    ['_method', '/wp-json/wp/v2/posts/1?_method=DELETE'],
    ['_jsonp', '/wp-json/wp/v2/posts?_jsonp=steal'],
  ])('refuses %s', (_what, url) => {
    expect(plain(url)).toEqual(expect.any(String));
  });

  it('refuses method-override headers', () => {
    for (const name of ['x-http-method-override', 'x-http-method', 'x-method-override']) {
      expect(nonCanonicalReason('/wp-json/wp/v2/posts', { [name]: 'DELETE' })).toEqual(
        expect.any(String),
      );
    }
  });

  it('any spelling of a path that differs from its canonical form is refused', () => {
    const segment = fc.constantFrom('wp-json', 'wc', 'v3', 'orders', '52001', 'api', 'shop');
    const trick = fc.constantFrom('.', '..', '%2e', '%2E', '%2f', '%5C', '', '%2e%2e', 'W%43');
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.nat(5),
        trick,
        (segments, at, inserted) => {
          const spelled: string[] = [...segments];
          spelled.splice(Math.min(at, spelled.length), 0, inserted);
          expect(plain(`/${spelled.join('/')}/52001`)).toEqual(expect.any(String));
        },
      ),
    );
  });
});
