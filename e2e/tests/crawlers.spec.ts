import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/**
 * What the storefront shows the machines that read it: a shared link's preview (Facebook,
 * WhatsApp, Slack, LinkedIn fetch the page as curl does, accepting any type), search engines'
 * robots.txt and sitemap, and the web manifest a phone installs the shop from.
 */

const SITE = 'Arora Medical Education';
const COURSE = { slug: 'plab-1-online-course', title: 'PLAB 1 Online Course' };

/** The link previewers, as they introduce themselves; each accepts any type. */
const PREVIEWERS = {
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  WhatsApp: 'WhatsApp/2.23.20.0 A',
  Slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  LinkedIn: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
};

/** The value of a `<meta>` of a served page, by name or property. */
function metaOf(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
}

/** Fetches `url` as curl does, accepting any type; as `agent` if named. */
function fetchAsCurl(request: APIRequestContext, url: string, agent?: string) {
  return request.get(url, {
    headers: { accept: '*/*', ...(agent ? { 'user-agent': agent } : {}) },
  });
}

/** The slugs of a WordPress list the storefront reads. */
async function slugsOf(request: APIRequestContext, path: string): Promise<string[]> {
  const list = (await (await request.get(path)).json()) as { slug: string }[];
  return list.map((entry) => entry.slug);
}

test.describe('a shared link', () => {
  for (const [name, agent] of Object.entries(PREVIEWERS)) {
    test(`previews as the course for ${name}`, async ({ request, baseURL }) => {
      const response = await fetchAsCurl(request, `/courses/${COURSE.slug}`, agent);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html).toContain(`<title>${COURSE.title} | ${SITE}</title>`);
      expect(metaOf(html, 'og:title')).toBe(COURSE.title);
      expect(metaOf(html, 'og:url')).toBe(`${baseURL ?? ''}/courses/${COURSE.slug}`);
      const image = metaOf(html, 'og:image') ?? '';
      expect((await request.get(image)).status()).toBe(200);
    });
  }

  test('to a page without a picture of its own previews with the brand’s image', async ({
    request,
    baseURL,
  }) => {
    const html = await (await fetchAsCurl(request, '/courses')).text();
    expect(metaOf(html, 'og:image')).toBe(`${baseURL ?? ''}/og-image.png`);
    const image = await request.get('/og-image.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('asked for JSON alone is the API’s not found', async ({ request }) => {
    const response = await request.get(`/courses/${COURSE.slug}`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });
});

test.describe('search engines', () => {
  test('robots.txt keeps them out of the account and cart pages and names the sitemap', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const robots = await response.text();
    for (const path of ['/cart', '/login', '/signup', '/forgotpass', '/my-courses', '/checkout/']) {
      expect(robots).toContain(`\nDisallow: ${path}\n`);
    }
    expect(robots).toContain(`\nSitemap: ${baseURL ?? ''}/sitemap.xml\n`);
  });

  test('the sitemap lists every course and event, and each address in it is a page', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
      (match[1] ?? '').replaceAll('&amp;', '&'),
    );
    const origin = baseURL ?? '';
    const courses = await slugsOf(request, '/wp-json/wp/v2/courseList');
    const events = await slugsOf(request, '/wp-json/wp/v2/products-with-ticket');
    expect(courses.length).toBeGreaterThan(0);
    expect(events.length).toBeGreaterThan(0);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${origin}/`,
        `${origin}/courses`,
        `${origin}/events`,
        `${origin}/blogs`,
        ...courses.map((slug) => `${origin}/courses/${slug}`),
        ...events.map((slug) => `${origin}/events/${slug}`),
      ]),
    );
    expect(locs.some((loc) => /\/locations\/\d+$/.test(loc))).toBe(true);
    for (const loc of locs) {
      expect(loc.startsWith(`${origin}/`), loc).toBe(true);
      const page = await fetchAsCurl(request, loc);
      expect(page.status(), loc).toBe(200);
      expect(page.headers()['content-type'], loc).toContain('text/html');
    }
  });
});

test('the web manifest parses, and its icons and the touch icon load', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const named = await page.evaluate(() => ({
    manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href,
    touchIcon: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href,
    theme: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
  }));
  expect(named.theme).toBe('#0b3d6e');
  const response = await request.get(named.manifest ?? '/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: SITE, start_url: '/', display: 'standalone' });
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const icon of [...manifest.icons, { src: named.touchIcon ?? '', type: 'image/png' }]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toContain(icon.type);
  }
});
