import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildGateway } from '../app';
import { makeAppsRoot, testGatewayOptions } from '../test-support/contract';
import { PLAB_1_COURSE, logInto, metaOf } from '../test-support/pageHeads';
import { writeHomeHeads } from '../test-support/remoteHeads';
import {
  startRecordingWordPress,
  type RecordingWordPress,
} from '../test-support/recordingWordPress';

const PUBLIC = 'https://shop.example.test';
const WORDPRESS_SITE = 'https://www.example-academy.test';

const COURSES = [
  { ...PLAB_1_COURSE, modified_gmt: '2025-03-01T10:20:30' },
  { id: 2102, slug: 'café-revision', title: 'Revision', modified: '2025-02-30T09:00:00' },
  // What a route does not accept never becomes an address.
  { id: 2103, slug: '../../wp-admin', title: 'Up' },
  { id: 2104, slug: 'a/b', title: 'Nested' },
  { id: 2105, slug: '<script>alert(1)</script>', title: 'Hostile' },
  { id: 2106, slug: 'javascript:alert(1)', title: 'Scheme' },
  { id: 2107, slug: 42, title: 'A number' },
  'not an entry',
];

const EVENTS = [
  // An event's `date` is the day it takes place, never a change.
  { id: 2301, slug: 'plab-2-mock-manchester', date: '2027-01-16', location_id: 2 },
  { id: 2302, slug: 'ukmla-cpsa-london', date: '2027-02-06', location_id: 1 },
  { id: 2303, slug: 'mrcgp-online', date: '2027-04-10', location_id: null },
  { id: 2304, slug: 'odd-centres', location_id: 0 },
  { id: 2305, slug: 'odd-centres-2', location_id: '1 OR 1=1' },
];

const MENU = [
  {
    ID: 1,
    title: 'PLAB',
    url: `${WORDPRESS_SITE}/plab/`,
    items: [
      { ID: 2, title: 'London', url: `${WORDPRESS_SITE}/locations/1/` },
      { ID: 3, title: 'Birmingham', url: `${WORDPRESS_SITE}/locations/3/` },
      { ID: 4, title: 'Leeds', url: `${PUBLIC}/locations/7` },
      { ID: 5, title: 'Elsewhere', url: 'https://evil.example/locations/8/' },
      { ID: 6, title: 'Malformed', url: `${WORDPRESS_SITE}/locations/abc/` },
      { ID: 7, title: 'Not a URL', url: 'http://[' },
    ],
  },
];

const CENTRES: Record<string, unknown> = {
  '1': { id: 1, title: 'London' },
  '2': { id: 2, title: 'Manchester' },
  '3': { id: 3, title: 'Birmingham' },
  '7': { id: 7, title: 'Leeds' },
};

const POSTS_PAGES: unknown[][] = [
  [
    { id: 6, slug: 'how-to-pass-ukmla-akt', date: '2024-11-04T09:00:00' },
    { id: 7, slug: 'bad slug', date: '2024-11-05T09:00:00' },
  ],
  [{ id: 8, slug: 'plab-1-in-six-weeks', date: '2024-10-01T09:00:00' }],
];

const PAGES = [
  // The home page's WordPress page dates `/`; it is no page of its own.
  { id: 96030, slug: 'how-to-learn', parent: 0, modified_gmt: '2025-01-02T03:04:05' },
  // A page a route reads by its slug dates that route.
  { id: 3, slug: 'privacy-policy', parent: 0, modified_gmt: '2024-01-08T09:00:00' },
  { id: 96160, slug: 'about-us', parent: 0, modified_gmt: '2024-01-10T09:00:00' },
  { id: 96110, slug: 'ukmla', parent: 0, modified_gmt: '2024-01-15T09:00:00' },
  { id: 96111, slug: 'content-map', parent: 96110, modified_gmt: '2024-01-15T09:30:00' },
  { id: 96112, slug: 'orphan', parent: 999, modified_gmt: 'yesterday' },
  { id: 96113, slug: 'loop', parent: 96113 },
  // Addresses the storefront shows something else at, or answers as an API.
  { id: 96120, slug: 'cart', parent: 0, modified_gmt: '2024-03-01T00:00:00' },
  { id: 96121, slug: 'courses', parent: 0, modified_gmt: '2024-03-01T00:00:00' },
  { id: 96122, slug: 'wp-json', parent: 0 },
  { id: 96123, slug: 'checkout', parent: 0 },
  { id: 96124, slug: 'faq', parent: 96123 },
  { id: 96125, slug: '<b>', parent: 0 },
];

/** What the fake WordPress answers with; each test may change it. */
interface Answers {
  courses: unknown;
  coursesStatus: number;
  posts: unknown[][];
  postsType: string;
  menu: unknown;
}
const usual = (): Answers => ({
  courses: COURSES,
  coursesStatus: 200,
  posts: POSTS_PAGES,
  postsType: 'application/json',
  menu: MENU,
});

/** The addresses a sitemap lists, in its order, and the `lastmod` of each that has one. */
function readSitemap(xml: string) {
  // Parsing as XML (well formed, or it throws), in the sitemaps.org namespace.
  const document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  const urlset = document.documentElement;
  expect(urlset.localName).toBe('urlset');
  expect(urlset.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const entries = [...urlset.children].map((url) => ({
    loc: url.querySelector('loc')?.textContent ?? '',
    lastmod: url.querySelector('lastmod')?.textContent ?? undefined,
  }));
  return {
    paths: entries.map(({ loc }) => loc.replace(PUBLIC, '')),
    locs: entries.map(({ loc }) => loc),
    lastmod: Object.fromEntries(
      entries.map(({ loc, lastmod }) => [loc.replace(PUBLIC, ''), lastmod]),
    ),
  };
}

describe('crawlers and link previews', () => {
  let wordpress: RecordingWordPress;
  let gateway: FastifyInstance;
  let logged: string[];
  let answers: Answers = usual();

  beforeAll(async () => {
    wordpress = await startRecordingWordPress((server) => {
      server.get('/wp-json/wp/v2/courseList', (_request, reply) =>
        reply.code(answers.coursesStatus).send(answers.courses),
      );
      server.get<{ Params: { id: string } }>('/wp-json/wp/v2/course/:id', (request, reply) =>
        request.params.id === '2101'
          ? { month_options: [] }
          : reply.code(404).send({ code: 'rest_post_invalid_id', message: 'Invalid post ID.' }),
      );
      server.get('/wp-json/wp/v2/products-with-ticket', () => EVENTS);
      server.get('/wp-json/wp/v2/menu_home', () => answers.menu);
      server.get<{ Params: { id: string } }>(
        '/wp-json/wp/v2/page-details/location-:id',
        (request, reply) =>
          CENTRES[request.params.id] ??
          reply.code(404).send({ code: 'location_not_found', message: 'Location not found.' }),
      );
      server.get<{ Querystring: { page?: string } }>('/wp-json/wp/v2/posts/', (request, reply) => {
        const page = answers.posts[Number(request.query.page ?? '1') - 1] ?? [];
        return reply
          .type(answers.postsType)
          .header('x-wp-totalpages', String(answers.posts.length))
          .send(answers.postsType === 'application/json' ? page : '<html>Maintenance</html>');
      });
      server.get<{ Querystring: { slug?: string } }>('/wp-json/wp/v2/pages', (request, reply) =>
        request.query.slug === undefined ? reply.header('x-wp-totalpages', '1').send(PAGES) : [],
      );
    });
  });
  beforeEach(async () => {
    logged = [];
    answers = usual();
    wordpress.hits.length = 0;
    // The home remote's head readers say what a course is about (test-support/remoteHeads.ts).
    const appsRoot = makeAppsRoot();
    writeHomeHeads(appsRoot);
    gateway = await buildGateway({
      ...testGatewayOptions(appsRoot, wordpress.url),
      serverRenderBudgetMs: 0,
      logLevel: 'warn',
      logStream: logInto(logged),
    });
  });
  afterEach(() => gateway.close());
  afterAll(() => wordpress.close());

  describe('a page’s address', () => {
    it.each([
      ['any type, as Facebook, Slack and LinkedIn ask', { accept: '*/*' }],
      ['no Accept, as WhatsApp asks', {}],
      ['any text', { accept: 'text/*' }],
    ])('answers %s with the page and its Open Graph head', async (_case, headers) => {
      const response = await gateway.inject({ url: '/courses/plab-1-online-course', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(metaOf(response.body, 'og:title')).toBe('PLAB 1 Online Course');
      expect(metaOf(response.body, 'og:url')).toBe(`${PUBLIC}/courses/plab-1-online-course`);
      expect(metaOf(response.body, 'og:image')).toBe(
        `${PUBLIC}/wp-content/uploads/2024/02/plab-1-online-course.svg`,
      );
      expect(response.headers.vary).toContain('Accept');
    });

    it('answers a HEAD as the page would be answered', async () => {
      const response = await gateway.inject({ method: 'HEAD', url: '/courses' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('still says a course that does not exist is not found, as a page', async () => {
      const response = await gateway.inject({ url: '/courses/no-such-course' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it.each([
      ['JSON alone', 'application/json'],
      ['JSON before anything else', 'application/json, text/plain, */*'],
    ])('answers a client asking for %s with the JSON error', async (_case, accept) => {
      const response = await gateway.inject({
        url: '/courses/plab-1-online-course',
        headers: { accept },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'not_found',
        message: 'Not found.',
        data: { status: 404 },
      });
      expect(response.headers.vary).toContain('Accept');
    });

    it('a page drawn from a cookie differs by it and by Accept', async () => {
      const response = await gateway.inject({ url: '/cart', headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(200);
      const vary = String(response.headers.vary).split(/,\s*/);
      expect(vary).toEqual(expect.arrayContaining(['Accept', 'Cookie']));
    });

    it.each([
      '/api/shop/nothing',
      '/lms/anything',
      '/remotes/header/missing',
      '/releases/header/1.0.0/missing',
      '/missing.7a3c1e2f.js',
    ])('%s is never the page, whatever the Accept', async (url) => {
      for (const accept of ['text/html', '*/*']) {
        const response = await gateway.inject({ url, headers: { accept } });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
      }
    });

    it('a route WordPress does not have under /wp-json stays WordPress’s “no route”', async () => {
      const response = await gateway.inject({
        url: '/wp-json/wp/v2/users',
        headers: { accept: '*/*' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'rest_no_route' });
    });
  });

  describe('robots.txt', () => {
    it('opens the site, keeps crawlers out of the account, cart and order pages, and names the sitemap by the public address', async () => {
      const response = await gateway.inject({
        url: '/robots.txt',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toBe(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /cart',
          'Disallow: /checkout/',
          'Disallow: /forgotpass',
          'Disallow: /login',
          'Disallow: /my-courses',
          'Disallow: /portal/',
          'Disallow: /search',
          'Disallow: /signup',
          '',
          `Sitemap: ${PUBLIC}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    });
  });

  describe('sitemap.xml', () => {
    const sitemap = async () => {
      const response = await gateway.inject({ url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      return readSitemap(response.body);
    };

    it('lists the storefront’s own pages, courses, events, centres, posts and WordPress pages, on the public origin', async () => {
      const { paths, locs } = await sitemap();
      expect(paths).toEqual([
        '/',
        '/blogs',
        '/privacy-policy',
        '/terms-and-conditions',
        '/arora-subscribe-form',
        '/courses',
        '/events',
        '/memberships',
        '/contact-us',
        '/acceptable-use-policy',
        '/courses/plab-1-online-course',
        '/courses/caf%C3%A9-revision',
        '/events/plab-2-mock-manchester',
        '/events/ukmla-cpsa-london',
        '/events/mrcgp-online',
        '/events/odd-centres',
        '/events/odd-centres-2',
        '/locations/2',
        '/locations/1',
        '/locations/3',
        '/locations/7',
        '/blogs/how-to-pass-ukmla-akt',
        '/blogs/plab-1-in-six-weeks',
        '/about-us',
        '/ukmla',
        '/ukmla/content-map',
        '/orphan',
        '/loop',
      ]);
      for (const loc of locs) expect(loc.startsWith(`${PUBLIC}/`)).toBe(true);
    });

    it('dates each entry by WordPress’s last change where it says, in UTC when WordPress gives it', async () => {
      const { lastmod } = await sitemap();
      expect(lastmod).toMatchObject({
        '/': '2025-01-02T03:04:05Z',
        '/privacy-policy': '2024-01-08T09:00:00Z',
        '/courses/plab-1-online-course': '2025-03-01T10:20:30Z',
        '/blogs/how-to-pass-ukmla-akt': '2024-11-04',
        '/ukmla/content-map': '2024-01-15T09:30:00Z',
      });
      // No date, a day that does not exist, a text, an event's own day; a WordPress page named
      // like a route that shows something else does not date it.
      for (const path of [
        '/courses',
        '/courses/caf%C3%A9-revision',
        '/orphan',
        '/events/plab-2-mock-manchester',
        '/terms-and-conditions',
      ]) {
        expect(lastmod[path]).toBeUndefined();
      }
    });

    it('lists nothing robots.txt keeps crawlers out of', async () => {
      const robots = (await gateway.inject({ url: '/robots.txt' })).body;
      const disallowed = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1] ?? '');
      const { paths } = await sitemap();
      for (const path of paths) {
        expect(disallowed.filter((prefix) => path.startsWith(prefix))).toEqual([]);
      }
    });

    it('asks WordPress for the pages’ fields it needs only, and for the blog’s list as the blog does, page by page', async () => {
      await sitemap();
      const asked = wordpress.hits.map((hit) => hit.replace(/^GET /, ''));
      const pages = asked.filter((url) => url.startsWith('/wp-json/wp/v2/pages?'));
      expect(pages).toHaveLength(1);
      const query = new URL(pages[0] ?? '', PUBLIC).searchParams;
      expect(query.get('_fields')).toBe('id,slug,parent,modified_gmt');
      expect(query.get('per_page')).toBe('100');
      expect(asked).toEqual(
        expect.arrayContaining([
          '/wp-json/wp/v2/posts/?_fields=id%2Cslug%2Cdate%2Ctitle%2Cexcerpt%2Ccategories&per_page=100',
          '/wp-json/wp/v2/posts/?_fields=id%2Cslug%2Cdate%2Ctitle%2Cexcerpt%2Ccategories&page=2&per_page=100',
        ]),
      );
      // Centres linked from elsewhere or malformed are never asked for.
      expect(asked.filter((url) => url.includes('location-')).sort()).toEqual([
        '/wp-json/wp/v2/page-details/location-1',
        '/wp-json/wp/v2/page-details/location-2',
        '/wp-json/wp/v2/page-details/location-3',
        '/wp-json/wp/v2/page-details/location-7',
      ]);
    });

    it('a burst of crawlers makes no more upstream reads than one', async () => {
      await Promise.all(Array.from({ length: 20 }, () => sitemap()));
      const counts = new Map<string, number>();
      for (const hit of wordpress.hits) counts.set(hit, (counts.get(hit) ?? 0) + 1);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
      // And again, from what the cache keeps.
      const before = wordpress.hits.length;
      await sitemap();
      expect(wordpress.hits.length).toBe(before);
    });

    it('a centre WordPress does not have is left out', async () => {
      answers.menu = [{ url: `${WORDPRESS_SITE}/locations/9/` }];
      const { paths } = await sitemap();
      expect(paths).not.toContain('/locations/9');
      expect(paths).toEqual(expect.arrayContaining(['/locations/1', '/locations/2']));
    });

    it('a read that fails or answers garbage leaves its part out, logged once; the rest is served', async () => {
      answers.coursesStatus = 500;
      answers.courses = { code: 'internal_error' };
      answers.postsType = 'text/html';
      for (let round = 0; round < 2; round += 1) {
        const { paths } = await sitemap();
        expect(paths.filter((path) => path.startsWith('/courses/'))).toEqual([]);
        expect(paths.filter((path) => path.startsWith('/blogs/'))).toEqual([]);
        expect(paths).toEqual(
          expect.arrayContaining(['/', '/courses', '/events/ukmla-cpsa-london', '/about-us']),
        );
      }
      const said = (part: string) =>
        logged.filter((line) => line.includes(`The sitemap leaves out ${part}`));
      expect(said('courses')).toHaveLength(1);
      expect(said('posts')).toHaveLength(1);
    });

    it('a list WordPress answers with something else than a list is left out', async () => {
      answers.courses = { slug: 'plab-1-online-course' };
      const { paths } = await sitemap();
      expect(paths.filter((path) => path.startsWith('/courses/'))).toEqual([]);
      expect(paths).toContain('/events/ukmla-cpsa-london');
    });
  });
});
