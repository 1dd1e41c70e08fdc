import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../app';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import {
  type RecordingWordPress,
  startRecordingWordPress,
} from '../test-support/recordingWordPress';
import { headerLogoMarkup, headerLogoUrl } from './headerLogo';
import { HOME_PAGE } from './servedHeads';

const SITE = new URL('http://shop.example.test');

describe('the site’s logo a page may carry (headerLogoUrl)', () => {
  it.each([
    ['an image over https', 'https://cdn.example.test/uploads/logo.svg'],
    ['an image on this site', 'http://shop.example.test/wp-content/uploads/logo.png'],
    ['an image on this site, by its path', '/wp-content/uploads/logo.webp'],
  ])('accepts %s, made absolute', (_what, url) => {
    expect(headerLogoUrl(url, SITE)).toBe(new URL(url, SITE).href);
  });

  it.each([
    ['a script', 'javascript:alert(1)//.svg'],
    ['a script hidden by blanks', ' java\tscript:alert(1)//.png'],
    ['data', 'data:image/svg+xml,<svg onload=alert(1)>.svg'],
    ['plain http elsewhere', 'http://cdn.example.test/logo.svg'],
    [
      'another site, by a scheme-relative address on a plain-http site',
      '//cdn.example.test/logo.svg',
    ],
    ['credentials', 'https://user:secret@cdn.example.test/logo.svg'],
    ['a page, not an image', 'https://cdn.example.test/logo.html'],
    [
      'a quote that would end the attribute',
      'https://cdn.example.test/logo.svg" onerror="alert(1)',
    ],
    ['no address', ''],
    ['not a text', { url: 'https://cdn.example.test/logo.svg' }],
  ])('refuses %s', (_what, url) => {
    expect(headerLogoUrl(url, SITE)).toBeUndefined();
  });

  it('writes no quote or angle bracket of the address into the markup: the address is encoded, then escaped', () => {
    const url = headerLogoUrl('https://cdn.example.test/a"><script>x</script>.svg', SITE);
    expect(url).toBe('https://cdn.example.test/a%22%3E%3Cscript%3Ex%3C/script%3E.svg');
    expect(headerLogoMarkup(url ?? '')).toBe(
      '<img class="shell-brand" alt="" src="https://cdn.example.test/a%22%3E%3Cscript%3Ex%3C/script%3E.svg">',
    );
    expect(headerLogoMarkup('https://cdn.example.test/a&"b.svg')).toContain(
      'src="https://cdn.example.test/a&amp;&quot;b.svg"',
    );
  });
});

describe('a served page’s header space', () => {
  /** The first paint's header space, as the shell's page writes it. */
  const FIRST_PAINT =
    '<div class="shell-header-space" aria-hidden="true"><!--page:header-logo-->' +
    '<svg class="shell-brand"><text>ARORA</text></svg><!--/page:header-logo--></div>';
  let logo: unknown;
  let wordpress: RecordingWordPress;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    wordpress = await startRecordingWordPress((server) => {
      server.get(HOME_PAGE, () => ({
        id: 96030,
        acf_groups: { HeaderContent: { headerlogo: { url: logo, width: 190, height: 79 } } },
      }));
    });
  });
  beforeEach(async () => {
    gateway = await buildGateway(testGatewayOptions(makeAppsRoot(FIRST_PAINT), wordpress.url));
  });
  afterEach(() => gateway.close());
  afterAll(() => wordpress.close());

  /** The header space of a page as the gateway serves it. */
  async function headerSpace(url = '/cart'): Promise<string> {
    const page = await gateway.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    return /<div class="shell-header-space"[^>]*>(.*?)<\/div>/s.exec(page.body)?.[1] ?? '';
  }

  it('holds the site’s logo in the mark’s place, on every page', async () => {
    logo = 'https://cdn.example.test/uploads/logo.svg';
    for (const url of ['/cart', '/', '/courses/plab-1', '/login']) {
      expect(await headerSpace(url)).toBe(
        '<img class="shell-brand" alt="" src="https://cdn.example.test/uploads/logo.svg">',
      );
    }
  });

  it.each([
    ['a script', 'javascript:alert(document.cookie)'],
    ['an address that would end the attribute', 'https://cdn.example.test/x" onerror="alert(1)'],
    ['no logo at all', undefined],
  ])('keeps the bundled mark for %s', async (_what, url) => {
    logo = url;
    const space = await headerSpace();
    expect(space).toBe('<svg class="shell-brand"><text>ARORA</text></svg>');
  });

  it('leaves the header out of a page the company’s app shows bare, as before', async () => {
    logo = 'https://cdn.example.test/uploads/logo.svg';
    const page = await gateway.inject({
      method: 'GET',
      url: '/login?isMobileApp=true',
      headers: { accept: 'text/html' },
    });
    expect(page.body).not.toContain('shell-brand');
  });
});
