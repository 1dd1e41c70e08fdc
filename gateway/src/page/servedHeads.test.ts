import Fastify, { type FastifyInstance } from 'fastify';
import { buildGateway, type GatewayOptions } from '../app';
import {
  DEFAULT_DESCRIPTION,
  makeAppsRoot,
  shellPage,
  testGatewayOptions,
  writeIn,
} from '../test-support/contract';
import { PLAB_1_COURSE, logInto, metaOf } from '../test-support/pageHeads';
import { writeHomeHeads } from '../test-support/remoteHeads';
import { shopGateway, startShopBackend } from '../test-support/shop';
import { inlineScriptSources } from './pageAssembly';

const SITE = 'Arora Medical Education';
const PUBLIC = 'https://shop.example.test';

const COURSES = [
  PLAB_1_COURSE,
  {
    id: 2102,
    slug: 'msra-complete-course',
    title: 'MSRA Complete Course',
    excerpt: 'Every MSRA paper.',
    image: { url: 'https://cdn.example.test/msra.svg' },
    price: 120,
  },
  {
    id: 2103,
    slug: 'hostile-course',
    title: 'Pass </title><script>alert(1)</script>',
    excerpt: '<img src=x onerror=alert(2)>"Quoted" &lt;/script&gt;&lt;script&gt;alert(3)',
    image: { url: 'javascript:alert(4)' },
    price: '</script><script>alert(5)</script>',
  },
  { id: 2104, slug: 'broken-course', title: { rendered: 42 } },
  {
    id: 2105,
    slug: 'odd-fields-course',
    title: 'MRCGP AKT Course',
    excerpt: 7,
    image: 'none',
    price: '75.00',
    exam: { name: 'MRCGP' },
  },
];

const EVENTS = [
  {
    id: 2301,
    slug: 'plab-2-mock-circuit-manchester',
    title: 'PLAB 2 Mock Circuit &#8212; Manchester',
    date: '2027-07-17',
    start_time: '08:30',
    end_time: '17:30',
    venue: 'Pennine Clinical Skills Centre, 14 Whitworth Street, Manchester M1 3GB',
    location: 'Manchester',
    price: '195.00',
    tickets_available: 0,
    image: { url: 'https://cdn.example.test/plab-2.svg' },
  },
  {
    id: 2302,
    slug: 'msra-revision-day-london',
    title: 'MSRA Revision Day',
    date: '2027-01-16',
    start_time: '09:00',
    end_time: '16:00',
    venue: 'Gower Street Centre',
    location: 'London',
    price: '95.00',
    tickets_available: 12,
  },
];

/**
 * A WordPress that answers the reads a page's head makes, held back (until its promise settles)
 * or failing on demand.
 */
async function startWordPress() {
  const server = Fastify();
  const hits: string[] = [];
  const held = new Map<string, Promise<void>>();
  const failing = new Set<string>();
  server.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    hits.push(request.url);
    await held.get(path);
    if (failing.has(path)) await reply.code(500).send({ code: 'internal', message: 'down' });
  });
  server.get('/wp-json/wp/v2/courseList', () => COURSES);
  server.get<{ Params: { id: string } }>('/wp-json/wp/v2/course/:id', (request, reply) =>
    request.params.id === '2101'
      ? {
          id: 2101,
          month_options: [
            { month: '1 Month', price: '49.00' },
            { month: '3 Months', price: '99.00' },
            { month: 'Free trial?', price: 'free' },
          ],
        }
      : reply.code(404).send({ code: 'rest_post_invalid_id', message: 'Invalid post ID.' }),
  );
  server.get('/wp-json/wp/v2/products-with-ticket', () => EVENTS);
  server.get<{ Params: { id: string } }>(
    '/wp-json/wp/v2/page-details/location-:id',
    (request, reply) =>
      request.params.id === '1'
        ? {
            id: 1,
            title: 'PLAB 2 preparation in London',
            content: '<p>Ten minutes from Euston, with full 16-station mock circuits.</p>',
            address: '52 Gower Street, London WC1E 6EB',
          }
        : reply.code(404).send({ code: 'location_not_found', message: 'Location not found.' }),
  );
  server.get<{ Querystring: { slug?: string } }>('/wp-json/wp/v2/posts', (request) =>
    request.query.slug === 'how-to-pass-ukmla-akt'
      ? [
          {
            slug: 'how-to-pass-ukmla-akt',
            title: { rendered: 'How to pass the UKMLA AKT' },
            excerpt: { rendered: '<p>A week-by-week plan.</p>\n' },
            _embedded: {
              'wp:featuredmedia': [{ source_url: 'https://cdn.example.test/ukmla-hero.png' }],
            },
          },
        ]
      : [],
  );
  server.get<{ Querystring: { slug?: string } }>('/wp-json/wp/v2/pages', (request) =>
    request.query.slug === 'about-us'
      ? [
          {
            slug: 'about-us',
            title: { rendered: 'About us' },
            excerpt: { rendered: '<p>Ten years of teaching.</p>' },
            rank_math_meta: { meta_description: 'Who we are: doctors teaching doctors.' },
          },
        ]
      : [],
  );
  const home = {
    rank_math_meta: {
      meta_title: 'UKMLA, PLAB, MSRA and MRCGP Courses | Arora Medical Education',
      meta_description: 'Online courses, question banks and mock exams.',
    } as Record<string, string> | undefined,
  };
  server.get('/wp-json/wp/v2/pages/96030', () => ({ id: 96030, ...home }));
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, url, hits, held, failing, home };
}

/** The page's JSON-LD objects. */
function structuredDataOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

describe('the head of each page the gateway serves', () => {
  let wordpress: Awaited<ReturnType<typeof startWordPress>>;
  let gateway: FastifyInstance;
  let logged: string[];

  /** An apps root whose home remote reads its pages' heads (test-support/remoteHeads.ts). */
  function appsRootWithHeads(heads?: string) {
    const appsRoot = makeAppsRoot();
    writeHomeHeads(appsRoot, heads);
    return appsRoot;
  }

  async function build(overrides: Partial<GatewayOptions> = {}) {
    return buildGateway({
      ...testGatewayOptions(appsRootWithHeads(), wordpress.url),
      logLevel: 'warn',
      logStream: logInto(logged),
      // Reads the page waits for finish on a loaded machine; the budget's own tests set theirs.
      headReadBudgetMs: 10_000,
      ...overrides,
    });
  }

  const page = (url: string, server = gateway) =>
    server.inject({ url, headers: { accept: 'text/html' } });

  beforeAll(async () => {
    wordpress = await startWordPress();
  });
  beforeEach(async () => {
    logged = [];
    gateway = await build();
  });
  afterEach(async () => {
    await gateway.close();
    wordpress.held.clear();
    wordpress.failing.clear();
  });
  afterAll(async () => {
    wordpress.server.server.closeAllConnections();
    await wordpress.server.close();
  });

  describe('a route’s own', () => {
    it('/cart is "Your cart | Arora Medical Education", kept out of search engines', async () => {
      const response = await page('/cart');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>Your cart | ${SITE}</title>`);
      expect(metaOf(html, 'robots')).toBe('noindex');
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(metaOf(html, 'description')).toBe(
        'Your courses, events and packages, with coupons and reward points, ready for checkout.',
      );
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/cart">`);
    });

    it('a page without a description of its own has the site’s; a query is no part of its address', async () => {
      const html = (await page('/courses/?utm_source=mail')).body;
      expect(html).toContain(`<title>All courses | ${SITE}</title>`);
      expect(metaOf(html, 'og:title')).toBe('All courses');
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/courses">`);
      expect(metaOf(html, 'og:url')).toBe(`${PUBLIC}/courses`);
      expect(metaOf(html, 'robots')).toBeUndefined();
      const order = (await page('/checkout/order-received/52003')).body;
      expect(metaOf(order, 'description')).toBe(DEFAULT_DESCRIPTION);
      expect(metaOf(order, 'robots')).toBe('noindex');
    });

    it('the home page has its SEO title whole and its description from WordPress', async () => {
      const html = (await page('/')).body;
      expect(html).toContain(
        '<title>UKMLA, PLAB, MSRA and MRCGP Courses | Arora Medical Education</title>',
      );
      expect(metaOf(html, 'description')).toBe('Online courses, question banks and mock exams.');
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/">`);
    });

    it('the home page without SEO fields has the template’s default title and description', async () => {
      wordpress.home.rank_math_meta = undefined;
      try {
        const html = (await page('/')).body;
        expect(html).toContain(
          '<title>Arora Medical Education | UKMLA &amp; PLAB exam preparation</title>',
        );
        expect(metaOf(html, 'description')).toBe(DEFAULT_DESCRIPTION);
      } finally {
        wordpress.home.rank_math_meta = {
          meta_title: 'UKMLA, PLAB, MSRA and MRCGP Courses | Arora Medical Education',
          meta_description: 'Online courses, question banks and mock exams.',
        };
      }
    });

    it('hands the page the WordPress site’s public origin, whose links are the storefront’s own', async () => {
      expect((await page('/contact-us')).body).toContain(
        '"wordpressUrl":"https://www.example-academy.test"',
      );
    });
  });

  describe('a course’s and an event’s, as the home remote says them', () => {
    it('is what the remote’s head reader says, from the reads it asked for in rounds: its name and description as plain text, its image on the public origin, its schema.org data with the page’s own name, description, address and image', async () => {
      const response = await page('/courses/plab-1-online-course');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const url = `${PUBLIC}/courses/plab-1-online-course`;
      expect(html).toContain(`<title>PLAB 1 Online Course | ${SITE}</title>`);
      expect(metaOf(html, 'description')).toBe(
        'Pass PLAB 1 with 3,500 questions &amp; four mocks.',
      );
      expect(html).toContain(`<link rel="canonical" href="${url}">`);
      expect(metaOf(html, 'og:title')).toBe('PLAB 1 Online Course');
      expect(metaOf(html, 'og:description')).toBe(
        'Pass PLAB 1 with 3,500 questions &amp; four mocks.',
      );
      expect(metaOf(html, 'og:url')).toBe(url);
      expect(metaOf(html, 'og:image')).toBe(
        `${PUBLIC}/wp-content/uploads/2024/02/plab-1-online-course.svg`,
      );
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      const offer = (name: string, price: string) => ({ '@type': 'Offer', name, price });
      expect(structuredDataOf(html)).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'Course',
          name: 'PLAB 1 Online Course',
          description: 'Pass PLAB 1 with 3,500 questions & four mocks.',
          url,
          image: `${PUBLIC}/wp-content/uploads/2024/02/plab-1-online-course.svg`,
          // The second round's read, asked for by the course's id: its months.
          offers: [
            offer('1 Month', '49.00'),
            offer('3 Months', '99.00'),
            offer('Free trial?', 'free'),
          ],
        },
      ]);
      // Each read made once, through the proxy's cache, as WordPress's own route writes it.
      expect(wordpress.hits).toEqual(
        expect.arrayContaining(['/wp-json/wp/v2/courseList', '/wp-json/wp/v2/course/2101']),
      );
    });

    it('an unknown course is a 404 with the not-found head, and the shell page that says so', async () => {
      const response = await page('/courses/no-such-course');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      const html = response.body;
      expect(html).toContain(`<title>Page not found | ${SITE}</title>`);
      expect(metaOf(html, 'robots')).toBe('noindex');
      expect(html).not.toContain('rel="canonical"');
      expect(structuredDataOf(html)).toEqual([]);
      expect(html).toContain('<script id="remotes-config"');
    });

    it('a page the remote says has no description or image keeps the rest of its head, with the site’s description', async () => {
      const html = (await page('/courses/odd-fields-course')).body;
      expect(html).toContain(`<title>MRCGP AKT Course | ${SITE}</title>`);
      expect(metaOf(html, 'description')).toBe(DEFAULT_DESCRIPTION);
      expect(metaOf(html, 'og:image')).toBeUndefined();
      const [course] = structuredDataOf(html);
      expect(course).toMatchObject({ name: 'MRCGP AKT Course' });
      expect(course?.description).toBeUndefined();
      expect(course?.image).toBeUndefined();
    });

    it('a title, description or image from WordPress cannot become markup', async () => {
      const html = (await page('/courses/hostile-course')).body;
      expect(html).not.toMatch(/<img|onerror=alert|javascript:/);
      // The page's one inline script is the gateway's own (Consent Mode's defaults).
      expect(html.match(/<script>/g)).toHaveLength(inlineScriptSources(html).length);
      expect(html.match(/<\/title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>Pass | ${SITE}</title>`);
      expect(metaOf(html, 'description')).toBe(
        '&quot;Quoted&quot; &lt;/script&gt;&lt;script&gt;alert(3)',
      );
      expect(metaOf(html, 'og:image')).toBeUndefined();
      const [course] = structuredDataOf(html);
      expect(course?.description).toBe('"Quoted" </script><script>alert(3)');
    });

    it('an event has its title as plain text and its Event; an unknown event is a 404', async () => {
      const html = (await page('/events/plab-2-mock-circuit-manchester')).body;
      const url = `${PUBLIC}/events/plab-2-mock-circuit-manchester`;
      expect(html).toContain(`<title>PLAB 2 Mock Circuit — Manchester | ${SITE}</title>`);
      expect(metaOf(html, 'og:image')).toBe('https://cdn.example.test/plab-2.svg');
      expect(structuredDataOf(html)).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'Event',
          name: 'PLAB 2 Mock Circuit — Manchester',
          description:
            '2027-07-17, at Pennine Clinical Skills Centre, 14 Whitworth Street, Manchester M1 3GB.',
          url,
          image: 'https://cdn.example.test/plab-2.svg',
          startDate: '2027-07-17',
        },
      ]);
      expect((await page('/events/no-such-event')).statusCode).toBe(404);
    });
  });

  describe('a location’s, a blog post’s and a WordPress page’s', () => {
    it('a location has its title and what its page says; an unknown id is a 404, a malformed one asks nothing', async () => {
      const html = (await page('/locations/1')).body;
      expect(html).toContain(`<title>PLAB 2 preparation in London | ${SITE}</title>`);
      expect(metaOf(html, 'description')).toBe(
        'Ten minutes from Euston, with full 16-station mock circuits.',
      );
      expect((await page('/locations/9')).statusCode).toBe(404);
      const before = wordpress.hits.length;
      expect((await page('/locations/01')).statusCode).toBe(404);
      expect((await page('/locations/%3Cscript%3E')).statusCode).toBe(404);
      expect(wordpress.hits.length).toBe(before);
    });

    it('a blog post has its title, excerpt and featured image; an unknown one is a 404', async () => {
      const html = (await page('/blogs/how-to-pass-ukmla-akt')).body;
      expect(html).toContain(`<title>How to pass the UKMLA AKT | ${SITE}</title>`);
      expect(metaOf(html, 'description')).toBe('A week-by-week plan.');
      expect(metaOf(html, 'og:image')).toBe('https://cdn.example.test/ukmla-hero.png');
      expect((await page('/blogs/no-such-post')).statusCode).toBe(404);
    });

    it('any other path is the WordPress page of its last segment, or not found', async () => {
      const about = await page('/about-us');
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain(`<title>About us | ${SITE}</title>`);
      expect(metaOf(about.body, 'description')).toBe('Who we are: doctors teaching doctors.');
      expect((await page('/company/about-us')).body).toContain(`<title>About us | ${SITE}</title>`);
      const missing = await page('/no-such-page');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain(`<title>Page not found | ${SITE}</title>`);
    });
  });

  describe('the share image', () => {
    /** A gateway whose shell template names the brand's share image, as the shell's does. */
    async function withBrandImage() {
      const appsRoot = appsRootWithHeads();
      writeIn(
        appsRoot,
        'shell/dist/index.html',
        shellPage('').replace(
          '<!--page:head-->',
          '<meta property="og:image" content="/og-image.png"/><!--page:head-->',
        ),
      );
      return build({ appsRoot });
    }

    it('a page without an image of its own previews with the template’s, on the public origin, once', async () => {
      const branded = await withBrandImage();
      try {
        for (const url of ['/cart', '/courses', '/locations/1', '/about-us', '/no-such-page']) {
          const html = (await page(url, branded)).body;
          expect(html.match(/property="og:image"/g)).toHaveLength(1);
          expect(metaOf(html, 'og:image')).toBe(`${PUBLIC}/og-image.png`);
        }
      } finally {
        await branded.close();
      }
    });

    it('a page with its own image keeps it', async () => {
      const branded = await withBrandImage();
      try {
        const course = (await page('/courses/plab-1-online-course', branded)).body;
        expect(metaOf(course, 'og:image')).toBe(
          `${PUBLIC}/wp-content/uploads/2024/02/plab-1-online-course.svg`,
        );
        const post = (await page('/blogs/how-to-pass-ukmla-akt', branded)).body;
        expect(metaOf(post, 'og:image')).toBe('https://cdn.example.test/ukmla-hero.png');
      } finally {
        await branded.close();
      }
    });
  });

  describe('what a remote’s head reader says, checked: never a failed page', () => {
    /** A gateway whose home remote's head readers are these (`exports.heads = ...`), or none. */
    async function withHeads(source: string | undefined) {
      const appsRoot = makeAppsRoot();
      if (source !== undefined) writeHomeHeads(appsRoot, source);
      return build({ appsRoot });
    }

    /** The course page served by a gateway with these head readers, and the gateway closed. */
    async function coursePage(source: string | undefined) {
      const gateway = await withHeads(source);
      try {
        return await page('/courses/plab-1-online-course', gateway);
      } finally {
        await gateway.close();
      }
    }

    /** Whether the page has the course route's default head, with status 200. */
    function expectDefaultHead(response: Awaited<ReturnType<typeof page>>) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<title>Course | ${SITE}</title>`);
      expect(structuredDataOf(response.body)).toEqual([]);
    }

    it('a release without a server entry, or one without head readers, serves the default head; the latter is said once', async () => {
      expectDefaultHead(await coursePage(undefined));
      const withoutHeads = await withHeads('exports.renderers = {};');
      try {
        for (let i = 0; i < 2; i += 1) {
          expectDefaultHead(await page('/courses/plab-1-online-course', withoutHeads));
        }
      } finally {
        await withoutHeads.close();
      }
      expect(logged.filter((line) => line.includes('no `heads`'))).toHaveLength(1);
    });

    it('a reader that throws, or runs past its time, leaves the default head', async () => {
      expectDefaultHead(
        await coursePage(
          'exports.renderers = {}; exports.heads = { course: () => { throw new Error("boom"); } };',
        ),
      );
      expect(
        logged.some((line) => line.includes("A course page's head could not be read: Error: boom")),
      ).toBe(true);
      expectDefaultHead(
        await coursePage(
          'exports.renderers = {}; exports.heads = { course: () => { for (;;) {} } };',
        ),
      );
    });

    it.each([
      ['a name that is not text', '({ about: { name: 42 } })'],
      ['a name past the length it may have', '({ about: { name: "x".repeat(20000) } })'],
      [
        'schema.org data that is not objects',
        '({ about: { name: "A", structuredData: [[1], "x"] } })',
      ],
      [
        'schema.org data past its size',
        '({ about: { name: "A", structuredData: [Object.fromEntries(Array.from({ length: 20 }, (_, i) => ["k" + i, "x".repeat(2000)]))] } })',
      ],
      ['an outcome it does not know', '"found"'],
      ['nothing', 'undefined'],
    ])('%s is not a head: the default head', async (_what, said) => {
      expectDefaultHead(
        await coursePage(`exports.renderers = {}; exports.heads = { course: () => ${said} };`),
      );
    });

    it('texts anywhere in what it says are made plain text, its image kept only as an http(s) URL, the page’s own fields written over its', async () => {
      const html = (
        await coursePage(
          'exports.renderers = {}; exports.heads = { course: () => ({ about: {' +
            ' name: "<b>Bold</b> &amp; brave", image: "javascript:alert(1)",' +
            ' structuredData: [{ "@type": "Course", name: "Another", url: "https://evil.example/",' +
            ' provider: { name: "<script>alert(2)</script>Us &amp; co" } }] } }) };',
        )
      ).body;
      expect(html).toContain(`<title>Bold &amp; brave | ${SITE}</title>`);
      expect(metaOf(html, 'og:image')).toBeUndefined();
      expect(structuredDataOf(html)).toEqual([
        {
          '@type': 'Course',
          name: 'Bold & brave',
          url: `${PUBLIC}/courses/plab-1-online-course`,
          provider: { name: 'Us & co' },
        },
      ]);
    });

    it('reads only what the proxy opens to any visitor: any other wanted read is handed as failed, never made', async () => {
      const before = wordpress.hits.length;
      const html = (
        await coursePage(
          'exports.renderers = {}; exports.heads = { course: ({ reads }) =>' +
            ' Object.keys(reads).length === 0' +
            ' ? { wanted: ["/wp-json/wp/v2/users/me", "https://evil.example/x", "/wp-json/wp/v2/courseList?secret=1", "/wp-json/wp/v2/courseList"] }' +
            ' : { about: { name: Object.keys(reads).map((url) => typeof reads[url] === "string" ? reads[url] : "read").join(" ") } } };',
        )
      ).body;
      expect(html).toContain(`<title>failed failed failed read | ${SITE}</title>`);
      // The site's logo is read from the home page for every page.
      const reads = wordpress.hits
        .slice(before)
        .filter((hit) => hit !== '/wp-json/wp/v2/pages/96030');
      expect(reads).toEqual(['/wp-json/wp/v2/courseList']);
    });

    it('a reader that asks again for what it was handed, or past its rounds, has the default head, said once', async () => {
      expectDefaultHead(
        await coursePage(
          'exports.renderers = {}; exports.heads = { course: () => ({ wanted: ["/wp-json/wp/v2/courseList"] }) };',
        ),
      );
      expectDefaultHead(
        await coursePage(
          'exports.renderers = {}; exports.heads = { course: ({ reads }) =>' +
            ' ({ wanted: ["/wp-json/wp/v2/course/" + String(Object.keys(reads).length + 1)] }) };',
        ),
      );
      expect(logged.filter((line) => line.includes('wanted more reads'))).toHaveLength(2);
    });
  });

  describe('when WordPress does not answer well', () => {
    it('a slow WordPress leaves the page its default head within the budget; the answer serves the next page', async () => {
      const impatient = await build({ headReadBudgetMs: 100 });
      // WordPress holds the course list back until the page has been served: the page cannot
      // have waited for it.
      let answer: () => void = () => undefined;
      wordpress.held.set(
        '/wp-json/wp/v2/courseList',
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
      );
      const response = await page('/courses/plab-1-online-course', impatient);
      answer();
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<title>Course | ${SITE}</title>`);
      expect(response.body).toContain(
        `<link rel="canonical" href="${PUBLIC}/courses/plab-1-online-course">`,
      );
      expect(structuredDataOf(response.body)).toEqual([]);
      // The read went on, and was kept: a later page has the course once WordPress has answered.
      let later = response;
      for (
        let tries = 0;
        tries < 400 && !later.body.includes('PLAB 1 Online Course |');
        tries += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        later = await page('/courses/plab-1-online-course', impatient);
      }
      expect(later.body).toContain(`<title>PLAB 1 Online Course | ${SITE}</title>`);
      await impatient.close();
    });

    it('a failing WordPress is a 200 with the route’s default head, not a 404', async () => {
      wordpress.failing.add('/wp-json/wp/v2/products-with-ticket');
      const response = await page('/events/plab-2-mock-circuit-manchester');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<title>Event | ${SITE}</title>`);
    });

    it('a malformed answer is a 200 with the default head, warned about once', async () => {
      for (let i = 0; i < 2; i += 1) {
        const response = await page('/courses/broken-course');
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(`<title>Course | ${SITE}</title>`);
      }
      const warnings = logged.filter((line) => line.includes('malformed'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('WordPress answered a course page');
    });

    it('with a budget of 0 no page asks WordPress anything', async () => {
      const off = await build({ headReadBudgetMs: 0 });
      const before = wordpress.hits.length;
      const response = await page('/courses/no-such-course', off);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<title>Course | ${SITE}</title>`);
      expect(wordpress.hits.length).toBe(before);
      await off.close();
    });
  });

  it('reads are kept a minute, shared with the browser’s own reads of the same address', async () => {
    const reads = () => wordpress.hits.filter((hit) => hit === '/wp-json/wp/v2/courseList').length;
    const before = reads();
    await page('/courses/plab-1-online-course');
    await page('/courses/msra-complete-course');
    const browser = await gateway.inject({ url: '/wp-json/wp/v2/courseList' });
    expect(browser.headers['x-cache']).toBe('HIT');
    expect(reads() - before).toBe(1);
  });

  it('the page’s policy allows no inline script: its JSON-LD is data, which no policy runs or blocks', async () => {
    const response = await page('/courses/plab-1-online-course');
    const policy = String(response.headers['content-security-policy']);
    // Scripts from here, and inline only the gateway's own, each by its hash.
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", ...inlineScriptSources(response.body)]);
    expect(policy).not.toContain('unsafe-inline');
    expect(response.body).toContain('<script type="application/ld+json">');
  });

  it('with GTM_ID set, the page of a visitor whose stored choice allows it loads Google Tag Manager; the policy of every page allows exactly it and where its tags report; without GTM_ID, neither', async () => {
    const tagged = await build({ gtmId: 'GTM-AB12CD' });
    const withChoice = (cookie: string) =>
      tagged.inject({
        url: '/courses/plab-1-online-course',
        headers: { accept: 'text/html', cookie: `cookie_consent=${cookie}` },
      });
    const accepted = await withChoice('v1-a1-m1');
    const analyticsOnly = await withChoice('v1-a1-m0');
    await tagged.close();
    const script =
      '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD"></script>';
    expect(accepted.body).toContain(script);
    expect(analyticsOnly.body).toContain(script);
    const directive = (policy: string, name: string) =>
      new RegExp(`${name} ([^;]*)`).exec(policy)?.[1]?.split(' ') ?? [];
    const policy = String(accepted.headers['content-security-policy']);
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      ...inlineScriptSources(accepted.body),
      'https://www.googletagmanager.com',
    ]);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ]);

    const plain = await page('/courses/plab-1-online-course');
    expect(plain.body).not.toContain('googletagmanager');
    expect(String(plain.headers['content-security-policy'])).not.toContain('google');
  });

  it('with GTM_ID set, a page before any choice or after a refusal asks nothing of Google: the container is in its settings for the shell to load on “Accept”, and its policy allows it', async () => {
    const tagged = await build({ gtmId: 'GTM-AB12CD' });
    const pages = await Promise.all(
      ['', 'cookie_consent=v1-a0-m0', 'cookie_consent=v1-a1-m9'].map((cookie) =>
        tagged.inject({
          url: '/courses/plab-1-online-course',
          headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
        }),
      ),
    );
    await tagged.close();
    for (const response of pages) {
      expect(response.body).not.toContain('googletagmanager');
      expect(response.body).not.toContain('gtm.start');
      const settings =
        /<script id="storefront-config" type="application\/json">([^<]*)<\/script>/.exec(
          response.body,
        );
      expect(JSON.parse(settings?.[1] ?? '{}')).toMatchObject({ tagManager: 'GTM-AB12CD' });
      expect(String(response.headers['content-security-policy'])).toMatch(
        /script-src [^;]*https:\/\/www\.googletagmanager\.com/,
      );
    }
  });
});

describe('the home page’s head, on the sample backend', () => {
  it('is its WordPress home page’s SEO title: the sample serves the page the storefront names (HOME_PAGE_ID)', async () => {
    const shop = await startShopBackend();
    const gateway = await shopGateway(shop.url, {
      headReadBudgetMs: 5000,
      serverRenderBudgetMs: 0,
    });
    try {
      const html = (await gateway.inject({ url: '/', headers: { accept: 'text/html' } })).body;
      expect(html).toContain(
        `<title>UKMLA, PLAB, MSRA and MRCGP Courses | Arora Medical Education</title>`,
      );
    } finally {
      await gateway.close();
      await shop.close();
    }
  });
});
