import { upstreamQuery } from './upstreams';

describe('upstream query', () => {
  it('passes the client’s own parameters on', () => {
    expect(upstreamQuery('/wp-json/wp/v2/posts?per_page=100&slug=a')).toBe('per_page=100&slug=a');
  });

  it('strips any WooCommerce credential a client sent, however its name is written', () => {
    expect(
      upstreamQuery(
        '/wp-json/wp/v2/posts?consumer_key=ck_evil&CONSUMER_SECRET=cs_evil&oauth_consumer_key=x&slug=a',
      ),
    ).toBe('slug=a');
  });
});
