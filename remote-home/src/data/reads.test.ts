import { read } from 'shared-store';
import { mockFetch } from 'shared-store/testing';
import { homeReads } from './reads';

/** A `<link rel="preload" as="fetch">` as the page carries it. */
function preload(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'fetch');
  link.setAttribute('crossorigin', 'anonymous');
  link.setAttribute('href', href);
  return link;
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the home page’s reads', () => {
  it('ask WordPress for the courses, partners and events at their paths', async () => {
    const { calls } = mockFetch({ '/wp-json/wp/v2/': () => ({ body: [] }) });
    await Promise.all([read(homeReads.courses), read(homeReads.partners), read(homeReads.events)]);
    expect(calls.sort()).toEqual([
      '/wp-json/wp/v2/courseList',
      '/wp-json/wp/v2/events',
      '/wp-json/wp/v2/our_partner',
    ]);
  });

  it('answer an empty list when WordPress fails', async () => {
    mockFetch({ '/wp-json/': () => ({ status: 500, body: { code: 'x', message: 'down' } }) });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(read(homeReads.courses)).resolves.toEqual([]);
    await expect(read(homeReads.homeBanner)).resolves.toEqual([]);
  });

  it('drop entries of another shape from a list; the rest stays', async () => {
    mockFetch({
      '/wp-json/wp/v2/our_partner': () => ({
        body: [{ id: 3, name: 'BMJ' }, { id: 'x' }, { id: 4, name: 'NHS', logo: 'bad' }],
      }),
    });
    const partners = await read(homeReads.partners);
    expect(partners.map((partner) => partner.name)).toEqual(['BMJ', 'NHS']);
    expect(partners[1]?.logo).toEqual({ url: '' });
  });
});

describe('the banner’s read', () => {
  it('carries a timestamp and bypasses the cache, and every read after the last ended asks again', async () => {
    const { calls, fetchMock } = mockFetch({
      '/wp-json/wp/v2/home_banner': () => ({ body: [] }),
    });
    jest.spyOn(Date, 'now').mockReturnValue(1700000000000);
    await read(homeReads.homeBanner);
    await read(homeReads.homeBanner);
    expect(calls).toEqual([
      '/wp-json/wp/v2/home_banner?t=1700000000000',
      '/wp-json/wp/v2/home_banner?t=1700000000000',
    ]);
    expect(fetchMock.mock.calls[0]?.[1].cache).toBe('no-store');
  });

  it('the first read asks for the one the page started; later reads stamp their own', async () => {
    const started = preload('/wp-json/wp/v2/home_banner?t=42');
    const other = preload('/remotes/home/mf-manifest.json');
    document.head.append(other, started);
    try {
      const { calls } = mockFetch({ '/wp-json/wp/v2/home_banner': () => ({ body: [] }) });
      jest.spyOn(Date, 'now').mockReturnValue(1700000000000);
      await read(homeReads.homeBanner);
      await read(homeReads.homeBanner);
      expect(calls).toEqual([
        '/wp-json/wp/v2/home_banner?t=42',
        '/wp-json/wp/v2/home_banner?t=1700000000000',
      ]);
    } finally {
      started.remove();
      other.remove();
    }
  });

  it('a preload for the banner without a usable timestamp is not taken', async () => {
    const odd = preload('/wp-json/wp/v2/home_banner?t=soon');
    document.head.append(odd);
    try {
      const { calls } = mockFetch({ '/wp-json/wp/v2/home_banner': () => ({ body: [] }) });
      jest.spyOn(Date, 'now').mockReturnValue(7);
      await read(homeReads.homeBanner);
      expect(calls).toEqual(['/wp-json/wp/v2/home_banner?t=7']);
    } finally {
      odd.remove();
    }
  });
});
