import { upstreamQuery } from './upstreams';

const credentials = { key: 'ck_server', secret: 'cs_server' };

describe('upstream query', () => {
  it('adds the gateway credentials on WooCommerce routes', () => {
    const query = new URLSearchParams(
      upstreamQuery('/wp-json/wc/v3/products/5/variations?per_page=100', credentials),
    );
    expect(query.get('per_page')).toBe('100');
    expect(query.get('consumer_key')).toBe('ck_server');
    expect(query.get('consumer_secret')).toBe('cs_server');
  });

  it('strips any key a client sent, on every route', () => {
    expect(
      upstreamQuery(
        '/wp-json/wp/v2/posts?consumer_key=ck_evil&consumer_secret=cs_evil&slug=a',
        credentials,
      ),
    ).toBe('slug=a');
    const wc = new URLSearchParams(
      upstreamQuery('/wp-json/wc/v3/orders?consumer_key=ck_evil', credentials),
    );
    expect(wc.getAll('consumer_key')).toEqual(['ck_server']);
  });

  it('never adds credentials outside WooCommerce', () => {
    expect(upstreamQuery('/lms/api/v1/item/get-cart-data', credentials)).toBe('');
  });
});
