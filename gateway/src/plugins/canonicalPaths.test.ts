import fc from 'fast-check';
import { nonCanonicalReason } from './canonicalPaths';

const plain = (url: string) => nonCanonicalReason('GET', url, {});

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
      '/wp-json/custom/v1/search?s=caf%C3%A9',
      '/wp-content/uploads/2026/01/caf%C3%A9.jpg',
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
    ['a KELVIN SIGN for a k', '/wp-json/custom/v2/chec%E2%84%AA-order-lookup/52001'],
    ['a KELVIN SIGN in the login', '/wp-json/jwt-auth/v1/to%E2%84%AAen'],
    ['a dotted capital I', '/wp-json/wp/v2/%C4%B0tems'],
    ['a fullwidth letter', '/wp-json/w%EF%BD%83/v3/orders'],
    ['a character outside ASCII on the payment page', '/checkout/order-pay/52001%C2%A0/'],
    ['a character outside ASCII in the cart service', '/lms/api/v1/item/get-cart-dat%C3%A1'],
    ['a raw character outside ASCII', '/wp-json/custom/v2/chec\u212a-order-lookup/52001'],
  ])('refuses %s', (_what, url) => {
    expect(plain(url)).toEqual(expect.any(String));
  });

  it('refuses method-override headers', () => {
    for (const name of ['x-http-method-override', 'x-http-method', 'x-method-override']) {
      expect(nonCanonicalReason('GET', '/wp-json/wp/v2/posts', { [name]: 'DELETE' })).toEqual(
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

describe('only ASCII in the folders an upstream routes', () => {
  /** A code point outside ASCII, percent-encoded as UTF-8 as a browser or curl sends it. */
  const outsideAscii = fc
    .integer({ min: 0x80, max: 0x10ffff })
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => encodeURIComponent(String.fromCodePoint(code)));
  const folder = fc.constantFrom('wp-json', 'checkout', 'lms', 'portal', 'api');
  const segment = fc.constantFrom('custom', 'v2', 'check-order-lookup', 'jwt-auth', 'token', '3');

  it('a path in one of them with any character outside ASCII, anywhere, is refused', () => {
    fc.assert(
      fc.property(
        folder,
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.nat(),
        outsideAscii,
        (first, segments, at, inSegment, inserted) => {
          const index = at % segments.length;
          const target = segments[index] ?? '';
          const cut = inSegment % (target.length + 1);
          const spelled: string[] = [...segments];
          spelled[index] = `${target.slice(0, cut)}${inserted}${target.slice(cut)}`;
          expect(plain(`/${first}/${spelled.join('/')}`)).toEqual(expect.any(String));
        },
      ),
    );
  });

  it('the storefront’s own pages and uploaded files may be named in any script', () => {
    fc.assert(
      fc.property(fc.constantFrom('/blogs/', '/wp-content/uploads/'), outsideAscii, (at, name) => {
        expect(plain(`${at}${name}`)).toBeUndefined();
      }),
    );
  });
});
