import { upstreamQuery } from './upstreams';

describe('upstream query', () => {
  it('asks WordPress with the parameters the route lists only, in order of name, one value each', () => {
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts?slug=a&per_page=100')).toBe(
      'per_page=100&slug=a',
    );
    expect(
      upstreamQuery('GET', '/wp-json/wp/v2/posts?slug=a&junk=1&slug=b&slug%5B%5D=c&per.page=3'),
    ).toBe('slug=b');
    expect(upstreamQuery('GET', '/wp-json/wp/v2/courseList?stale=1&_fields=id')).toBe('');
    expect(upstreamQuery('POST', '/wp-json/jwt-auth/v1/token?username=x')).toBe('');
  });

  it('asks WordPress for the blog list’s fields alone, whatever fields the client names; a post by its slug whole', () => {
    const list = '_fields=id%2Cslug%2Cdate%2Ctitle%2Cexcerpt%2Ccategories&per_page=100';
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts/?per_page=100')).toBe(list);
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts/?_fields=content&per_page=100')).toBe(list);
    expect(upstreamQuery('GET', '/wp-json/wp/v2/posts?slug=a&_embed=1')).toBe('_embed=1&slug=a');
  });

  it('passes the client’s own parameters on where the route lists none (the payment page)', () => {
    expect(
      upstreamQuery('GET', '/checkout/order-pay/52003/?pay_for_order=true&key=wc_order_x'),
    ).toBe('pay_for_order=true&key=wc_order_x');
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
