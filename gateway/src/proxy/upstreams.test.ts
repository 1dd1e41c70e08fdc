import { upstreamQuery } from './upstreams';

describe('upstream query', () => {
  it('asks WordPress with the parameters the route lists only, in order of name, one value each', () => {
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts?slug=a&per_page=100')).toBe(
      'per_page=100&slug=a',
    );
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts?slug=b&junk=1&utm_source=x')).toBe('slug=b');
    expect(upstreamQuery('GET', '/wp-json/wp/v2/courseList?stale=1&_fields=id')).toBe('');
    expect(upstreamQuery('POST', '/wp-json/jwt-auth/v1/token?username=x')).toBe('');
  });

  it('asks WordPress for the blog list’s fields alone, whatever fields the client names; a post by its slug whole', () => {
    const list = '_fields=id%2Cslug%2Cdate%2Ctitle%2Cexcerpt%2Ccategories&per_page=100';
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts/?per_page=100')).toBe(list);
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts/?_fields=content&per_page=100')).toBe(list);
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts?slug=a&_embed=1')).toBe('_embed=1&slug=a');
  });

  it('asks the payment page with its order and key only, in order of name', () => {
    expect(
      upstreamQuery(
        'GET',
        '/checkout/order-pay/52003/?pay_for_order=true&utm_source=x&key=wc_order_x',
      ),
    ).toBe('key=wc_order_x&pay_for_order=true');
  });

  it('asks for an uploaded file with no query at all', () => {
    expect(upstreamQuery('GET', '/wp-content/uploads/2024/02/x.png?key=a&ver=2')).toBe('');
  });

  it('strips any WooCommerce credential a client sent, however its name is written', () => {
    expect(
      upstreamQuery(
        'GET',
        '/wp-json/wp/v2/posts?consumer_key=ck_evil&CONSUMER_SECRET=cs_evil&oauth_consumer_key=x&slug=a',
      ),
    ).toBe('slug=a');
    expect(
      upstreamQuery('GET', '/checkout/order-pay/1/?consumer_key=ck_evil&CONSUMER_SECRET=cs&key=k'),
    ).toBe('key=k');
  });
});
