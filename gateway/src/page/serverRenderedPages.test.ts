import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { buildGateway, type GatewayOptions } from '../app';
import { pathOf } from '../plugins/canonicalPaths';
import {
  makeAppsRoot,
  shellPage,
  STOREFRONT_CONTRACT,
  testGatewayOptions,
  writeIn,
} from '../test-support/contract';
import { eventually } from '../test-support/eventually';
import { logInto } from '../test-support/pageHeads';
import {
  type RecordingWordPress,
  startRecordingWordPress,
} from '../test-support/recordingWordPress';
import { codeAfterPaint } from '../test-support/afterPaint';
import { inlineScriptSources } from './pageAssembly';
import { MAX_CARRIED_READS_BYTES } from './serverRender';
import { HOME_PAGE } from './servedHeads';
import {
  SANITIZED_BANNER,
  COURSES,
  EVENTS,
  LOCATION,
  POSTS,
  CATEGORIES,
  SANITIZED_PAGES,
  RESULTS,
  INFO,
  ANSWERS,
} from '../test-support/renderedReads';

const { servedReadsId, serverRenderAttribute } = STOREFRONT_CONTRACT.markup;

/** WordPress's hits for a page's own reads: the home page's, for every page's logo, aside. */
const pageReads = (hits: string[]) => hits.filter((hit) => hit !== `GET ${HOME_PAGE}`);

/** The modules of the home remote a server render stands for, each with its script and styles. */
const HOME_MANIFEST = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    'HomePage',
    'CourseListPage',
    'CoursePage',
    'EventListPage',
    'EventPage',
    'LocationPage',
  ].map((name) => ({
    name,
    assets: { js: { sync: [`${name}.1a2b3c4d.js`] }, css: { sync: ['pages.5e6f7a8b.css'] } },
  })),
});

/** The renderers the page contract names of the home remote's routes. */
const RENDERERS = ['hero', 'courseList', 'course', 'eventList', 'event', 'location'];
/** ...and of the shell's own pages. */
const SHELL_RENDERERS = ['blogList', 'blogPost', 'search', 'legal', 'contact', 'info'];

/** The shell's build's list of its pages' files (pages.json), each page with its style sheet. */
const SHELL_PAGE_FILES = JSON.stringify(
  Object.fromEntries(
    ['BlogsPage', 'BlogPostPage', 'SearchPage', 'LegalPage', 'ContactPage', 'InfoPage'].map(
      (name) => [`pages/${name}`, [`${name}.1a2b3c4d.js`, 'pages.9c8d7e6f.css']],
    ),
  ),
);

/**
 * A build's dist/server/pages.js (the home remote's unless told): each renderer draws its name,
 * the page it is for and the reads it was given (escaped); `own` replaces a renderer's source, or
 * leaves it out.
 */
function pagesFile(
  own: Record<string, string | undefined> = {},
  renderers: string[] = RENDERERS,
): string {
  const entries = renderers.flatMap((name) => {
    const source = name in own ? own[name] : `drawn(${JSON.stringify(name)})`;
    return source === undefined ? [] : [`${name}: ${source}`];
  });
  return (
    "const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');\n" +
    'const drawn = (name) => ({ path, pattern, reads }) =>\n' +
    '  `<h1>${name} ${escape(path)} ${escape(pattern)}</h1><pre>${escape(JSON.stringify(reads))}</pre>`;\n' +
    `exports.renderers = { ${entries.join(', ')} };`
  );
}

/** The markup `pagesFile`'s renderer draws for a page from these reads. */
function drawnMarkup(name: string, path: string, pattern: string, reads: unknown): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<h1>${name} ${path} ${pattern}</h1><pre>${escape(JSON.stringify(reads))}</pre>`;
}

/** What marks a page's server render of this module. */
const renderOf = (module: string) => `<div ${serverRenderAttribute}="${module}">`;

/** The reads a served page carries for its first reads; undefined when it carries none. */
function carriedReads(html: string): unknown {
  const json = new RegExp(
    `<script id="${servedReadsId}" type="application/json">(.*?)</script>`,
  ).exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('every route with a server render, served by the gateway', () => {
  let wordpress: RecordingWordPress;
  /** A test's own answer for a path. */
  const answers = new Map<string, (reply: FastifyReply) => unknown>();
  /** Lets go of the answers a test holds back. */
  let release: () => void = () => undefined;
  let released = Promise.resolve();
  const holdAnswers = () => {
    released = new Promise((resolve) => {
      release = resolve;
    });
  };
  const opened: FastifyInstance[] = [];
  let logged: string[] = [];

  beforeAll(async () => {
    wordpress = await startRecordingWordPress((server) => {
      server.get('/*', (request, reply) => {
        const path = pathOf(request.url);
        const answer = answers.get(path);
        if (answer) return answer(reply);
        return path in ANSWERS
          ? ANSWERS[path]
          : reply.code(404).send({ code: 'rest_no_route', message: 'No route.' });
      });
    });
  });
  beforeEach(() => {
    logged = [];
  });
  afterEach(async () => {
    release();
    answers.clear();
    await Promise.all(opened.splice(0).map((gateway) => gateway.close()));
  });
  afterAll(() => wordpress.close());

  /**
   * A new apps root whose home remote has this dist/server/pages.js, and the shell that one
   * (`shellPages`; none when null) and its pages' files.
   */
  function appsRootWith(
    pages: string,
    shellPages: string | null = pagesFile({}, SHELL_RENDERERS),
  ): string {
    const root = makeAppsRoot();
    writeIn(
      root,
      'shell/dist/index.html',
      shellPage(
        '<main class="shell-main" id="main"><div class="shell-page-space" aria-busy="true">' +
          '<!--page:server-render--></div></main>',
      ),
    );
    writeIn(root, 'remote-home/dist/mf-manifest.json', HOME_MANIFEST);
    writeIn(root, 'remote-home/dist/server/pages.js', pages);
    writeIn(root, 'shell/dist/pages.json', SHELL_PAGE_FILES);
    if (shellPages !== null) writeIn(root, 'shell/dist/server/pages.js', shellPages);
    return root;
  }

  /**
   * A gateway serving this apps root in front of the test's WordPress, closed after the test. Its
   * budget is generous unless a test sets one: what it shows does not depend on a busy machine.
   */
  async function serve(appsRoot: string, overrides: Partial<GatewayOptions> = {}) {
    const gateway = await buildGateway({
      ...testGatewayOptions(appsRoot, wordpress.url),
      serverRenderBudgetMs: 5000,
      logLevel: 'warn',
      logStream: logInto(logged),
      ...overrides,
    });
    opened.push(gateway);
    return gateway;
  }

  const page = (gateway: FastifyInstance, url: string) =>
    gateway.inject({ url, headers: { accept: 'text/html' } });

  /** The page as the gateway served it before server renders: with them turned off. */
  async function pageAsToday(appsRoot: string, url: string) {
    return page(await serve(appsRoot, { serverRenderBudgetMs: 0 }), url);
  }

  /** The WordPress requests made for a path since the test began. */
  const hitsOf = (path: string) => wordpress.hits.filter((hit) => hit.includes(path));

  it.each([
    ['/', 'home/HomePage', 'hero', '/', { '/wp-json/wp/v2/home_banner': SANITIZED_BANNER }],
    [
      '/courses',
      'home/CourseListPage',
      'courseList',
      '/courses',
      { '/wp-json/wp/v2/courseList': COURSES },
    ],
    [
      '/courses/plab-1',
      'home/CoursePage',
      'course',
      '/courses/:slug',
      { '/wp-json/wp/v2/courseList': COURSES },
    ],
    [
      '/events',
      'home/EventListPage',
      'eventList',
      '/events',
      { '/wp-json/wp/v2/products-with-ticket': EVENTS },
    ],
    [
      '/events/msra-day',
      'home/EventPage',
      'event',
      '/events/:slug',
      { '/wp-json/wp/v2/products-with-ticket': EVENTS },
    ],
    [
      '/locations/1',
      'home/LocationPage',
      'location',
      '/locations/:id',
      {
        '/wp-json/wp/v2/page-details/location-1': LOCATION,
        '/wp-json/wp/v2/products-with-ticket': EVENTS,
      },
    ],
  ])(
    '%s holds the markup of its renderer, marked with its module, drawn from exactly its rendered reads by served key, and carries the same reads (the renderers loaded at start: the first page has it)',
    async (url, module, name, pattern, reads) => {
      const gateway = await serve(appsRootWith(pagesFile()));
      const response = await page(gateway, url);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain(
        '<div class="shell-page-space" aria-busy="true">' +
          `${renderOf(module)}${drawnMarkup(name, url, pattern, reads)}</div></div>`,
      );
      expect(carriedReads(html)).toEqual(reads);
      // Nothing WordPress sent runs: its HTML sanitized, the carried JSON unable to end its element.
      expect(html).not.toMatch(/alert\(|onerror/);
      // No hint for a read the page carries; the others (the layout's) after the first screen,
      // as its scripts; the remote's style sheets linked for the first paint.
      for (const key of Object.keys(reads)) {
        expect(html).not.toContain(`href="${key.split('?')[0] ?? ''}`);
      }
      expect(html).toContain(
        '<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" href="/wp-json/wp/v2/menu_home">',
      );
      expect(html).not.toMatch(
        /<link rel="preload" as="fetch" crossorigin="anonymous" href="\/wp-json/,
      );
      // Its code starts after its first paint, from the loader its CSP allows by hash alone.
      expect(html).not.toMatch(/<script defer|<link rel="preload" as="script"/);
      expect(codeAfterPaint(html)?.preloads).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/remotes\/home\//)]),
      );
      const scriptSrc = String(response.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src'));
      expect(scriptSrc?.trim().split(' ')).toEqual(
        expect.arrayContaining(inlineScriptSources(html)),
      );
      // Two: the consent defaults, first in the head, and the code loader.
      expect(inlineScriptSources(html)).toHaveLength(2);
      expect(html).toContain('<link rel="stylesheet" href="/remotes/home/pages.5e6f7a8b.css">');
    },
  );

  it('/cart is drawn by the cart remote’s renderer from the one cookie its route names (the count of the cart’s lines), and the page says it varies with cookies', async () => {
    const root = appsRootWith(pagesFile());
    writeIn(
      root,
      'remote-cart/dist/mf-manifest.json',
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            name: 'CartPage',
            assets: {
              js: { sync: ['CartPage.1a2b3c4d.js'] },
              css: { sync: ['pages.0a1b2c3d.css'] },
            },
          },
        ],
      }),
    );
    writeIn(
      root,
      'remote-cart/dist/server/pages.js',
      'exports.renderers = { cart: ({ path, search, cookies }) => ' +
        '`<h1>cart ${path} ${String(search)} ${Object.entries(cookies).join(";")}</h1>` };',
    );
    const gateway = await serve(root);
    const response = await gateway.inject({
      url: '/cart?cancel_order=true&order_id=7',
      headers: { accept: 'text/html', cookie: 'cart_lines=2; token=eyJ.secret; sf_orders=12.sig' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toMatch(/\bcookie\b/i);
    expect(response.body).toContain(
      `${renderOf('cart/CartPage')}<h1>cart /cart cancel_order=true&order_id=7 cart_lines,2</h1>`,
    );
    expect(response.body).toContain(
      '<link rel="stylesheet" href="/remotes/cart/pages.0a1b2c3d.css">',
    );
    expect(response.body).not.toMatch(/eyJ\.secret|12\.sig/);
    // Every page varies with cookies: the cookie question is left out for a visitor who answered.
    const course = await page(gateway, '/courses/plab-1');
    expect(course.headers.vary ?? '').toMatch(/cookie/i);
  });

  it('the prices a page’s first render wants are read as the shop’s API reads them (its fields only, once for every visitor), and carried', async () => {
    const PRICES = '/api/shop/prices?ids=3103';
    // The course list wants its prices while it has none.
    const root = appsRootWith(
      pagesFile({
        courseList:
          '(input) => ({ html: drawn("courseList")(input), ' +
          `wanted: input.reads[${JSON.stringify(PRICES)}] ? [] : [${JSON.stringify(PRICES)}] })`,
      }),
    );
    const month = { id: 310301, price: '49.99', regular_price: '49.99', sale_price: '' };
    answers.set('/wp-json/wc/v3/products', () => [{ id: 3103 }]);
    answers.set('/wp-json/wc/v3/products/3103/variations', () => [
      { ...month, sku: 'secret', attributes: [{ id: 1, name: 'Month', option: '1 Month' }] },
    ]);
    answers.set('/wp-json/wc/v3/products/3103', (reply) =>
      reply.code(404).send({ code: 'woocommerce_rest_product_invalid_id', message: 'Invalid ID.' }),
    );
    const gateway = await serve(root);
    const served = await page(gateway, '/courses');
    const prices = {
      3103: [{ ...month, attributes: [{ name: 'Month', option: '1 Month' }], max_quantity: null }],
    };
    const reads = { '/wp-json/wp/v2/courseList': COURSES, [PRICES]: prices };
    expect(carriedReads(served.body)).toEqual(reads);
    expect(served.body).toContain(drawnMarkup('courseList', '/courses', '/courses', reads));
    const asked = () => hitsOf('/wp-json/wc/v3/').length;
    const readOnce = asked();
    expect(readOnce).toBeGreaterThan(0);
    // The browser's own read of them, and the next page, are answered from what was read.
    expect((await gateway.inject({ url: PRICES })).json()).toEqual(prices);
    await page(gateway, '/courses');
    expect(asked()).toBe(readOnce);
  });

  it('a never-cached read (the banner) is read afresh for each page, each page with its stamp', async () => {
    const gateway = await serve(appsRootWith(pagesFile()));
    const before = hitsOf('/home_banner').length;
    for (const response of [await page(gateway, '/'), await page(gateway, '/')]) {
      expect(carriedReads(response.body)).toEqual({
        '/wp-json/wp/v2/home_banner': SANITIZED_BANNER,
      });
    }
    const reads = hitsOf('/home_banner').slice(before);
    expect(reads).toHaveLength(2);
    for (const read of reads) expect(read).toMatch(/^GET \/wp-json\/wp\/v2\/home_banner\?t=\d+$/);
  });

  it('concurrent pages of one route share one upstream read', async () => {
    const gateway = await serve(appsRootWith(pagesFile()));
    holdAnswers();
    answers.set('/wp-json/wp/v2/products-with-ticket', async () => {
      await released;
      return EVENTS;
    });
    const before = hitsOf('/products-with-ticket').length;
    const pages = [1, 2, 3].map(() => page(gateway, '/events'));
    await eventually(
      () => hitsOf('/products-with-ticket').length > before,
      'the events are asked for',
    );
    release();
    for (const response of await Promise.all(pages)) {
      expect(carriedReads(response.body)).toEqual({
        '/wp-json/wp/v2/products-with-ticket': EVENTS,
      });
    }
    expect(hitsOf('/products-with-ticket').length - before).toBe(1);
  });

  it('a page whose read the proxy does not open (/locations/abc) never reaches WordPress; /locations/1 is rendered', async () => {
    const gateway = await serve(appsRootWith(pagesFile()));
    const before = wordpress.hits.length;
    const abc = await page(gateway, '/locations/abc');
    expect(abc.body).not.toContain(serverRenderAttribute);
    expect(pageReads(wordpress.hits.slice(before))).toEqual([]);
    const one = await page(gateway, '/locations/1');
    expect(one.body).toContain(renderOf('home/LocationPage'));
    expect(wordpress.hits.slice(before)).toContain('GET /wp-json/wp/v2/page-details/location-1');
  });

  it('a WordPress slower than the budget: the page as it is without a server render, within the budget and a margin', async () => {
    const appsRoot = appsRootWith(pagesFile());
    const impatient = await serve(appsRoot, { serverRenderBudgetMs: 100 });
    holdAnswers();
    answers.set('/wp-json/wp/v2/courseList', async () => {
      await released;
      return COURSES;
    });
    const started = Date.now();
    const response = await page(impatient, '/courses');
    expect(Date.now() - started).toBeLessThan(100 + 250);
    const today = await pageAsToday(appsRoot, '/courses');
    expect(response.body).toBe(today.body);
    expect(response.headers['content-security-policy']).toBe(
      today.headers['content-security-policy'],
    );
    // The read went on, and was kept: a later page is rendered from it at once.
    release();
    await eventually(
      async () =>
        (await page(impatient, '/courses')).body.includes(renderOf('home/CourseListPage')),
      'a later page is rendered',
    );
  });

  it.each([
    ['garbage', (reply: FastifyReply) => reply.type('application/json').send('[{"id": 2101,')],
    ['a 500', (reply: FastifyReply) => reply.code(500).send({ code: 'internal_error' })],
    ['HTML', (reply: FastifyReply) => reply.type('text/html').send('<html>maintenance</html>')],
    [
      'an answer over what a page carries',
      (reply: FastifyReply) => reply.send([{ id: 1, title: 'x'.repeat(MAX_CARRIED_READS_BYTES) }]),
    ],
  ])('WordPress answering %s: the page as it is without a server render', async (_what, answer) => {
    const appsRoot = appsRootWith(pagesFile());
    const gateway = await serve(appsRoot);
    answers.set('/wp-json/wp/v2/courseList', answer);
    const response = await page(gateway, '/courses');
    expect(response.body).not.toContain(serverRenderAttribute);
    expect(response.body).toBe((await pageAsToday(appsRoot, '/courses')).body);
    // The same page, WordPress answering well, in a gateway that kept nothing.
    answers.clear();
    expect((await page(await serve(appsRoot), '/courses')).body).toContain(
      renderOf('home/CourseListPage'),
    );
  });

  it.each([
    ['throws', '() => { throw new Error("bad course list"); }', true],
    ['never returns', '() => { for (;;) {} }', false],
    ['draws nothing', '() => undefined', false],
  ])(
    'a renderer that %s: the page as it is without a server render, and the gateway goes on',
    async (_what, source, warned) => {
      const appsRoot = appsRootWith(pagesFile({ courseList: source }));
      const gateway = await serve(appsRoot);
      expect((await page(gateway, '/events')).body).toContain(renderOf('home/EventListPage'));
      const response = await page(gateway, '/courses');
      expect(response.body).toBe((await pageAsToday(appsRoot, '/courses')).body);
      expect((await gateway.inject({ url: '/healthz' })).statusCode).toBe(200);
      const warning =
        'home/CourseListPage could not render /courses (courseList): the page is served without its server render.';
      expect(logged.some((line) => line.includes(warning))).toBe(warned);
    },
  );

  it('a renderer the remote’s file does not have: that page as it is without a server render, the others rendered', async () => {
    const appsRoot = appsRootWith(pagesFile({ event: undefined }));
    const gateway = await serve(appsRoot);
    const event = await page(gateway, '/events/msra-day');
    expect(event.body).toBe((await pageAsToday(appsRoot, '/events/msra-day')).body);
    expect((await page(gateway, '/events')).body).toContain(renderOf('home/EventListPage'));
  });

  it('with a budget of 0 no page is rendered and nothing is read for it', async () => {
    const appsRoot = appsRootWith(pagesFile());
    const before = wordpress.hits.length;
    const response = await pageAsToday(appsRoot, '/events');
    expect(response.body).not.toContain(serverRenderAttribute);
    expect(carriedReads(response.body)).toBeUndefined();
    // The page asks for its reads itself, started with the page.
    expect(response.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/wp-json/wp/v2/products-with-ticket">',
    );
    expect(pageReads(wordpress.hits.slice(before))).toEqual([]);
    expect((await page(await serve(appsRoot), '/events')).body).toContain(
      renderOf('home/EventListPage'),
    );
  });

  it.each([
    [
      '/blogs',
      'pages/BlogsPage',
      'blogList',
      '/blogs',
      {
        '/wp-json/wp/v2/posts/?per_page=100': POSTS,
        '/wp-json/wp/v2/categories/?per_page=100': CATEGORIES,
      },
    ],
    [
      '/blogs/akt',
      'pages/BlogPostPage',
      'blogPost',
      '/blogs/:slug',
      { '/wp-json/wp/v2/posts?slug=akt': POSTS },
    ],
    [
      '/search?s=plab',
      'pages/SearchPage',
      'search',
      '/search',
      { '/wp-json/custom/v1/search?s=plab': RESULTS },
    ],
    [
      '/privacy-policy',
      'pages/LegalPage',
      'legal',
      '/privacy-policy',
      { '/wp-json/wp/v2/pages?slug=privacy-policy': SANITIZED_PAGES },
    ],
    [
      '/terms-and-conditions',
      'pages/LegalPage',
      'legal',
      '/terms-and-conditions',
      { '/wp-json/wp/v2/pages?slug=terms-and-conditions': SANITIZED_PAGES },
    ],
    [
      '/contact-us',
      'pages/ContactPage',
      'contact',
      '/contact-us',
      { '/wp-json/wp/v2/pages?slug=contact-us': SANITIZED_PAGES },
    ],
    [
      '/acceptable-use-policy',
      'pages/InfoPage',
      'info',
      '/acceptable-use-policy',
      { '/wp-json/custom/v1/acceptable-use-policy': INFO },
    ],
  ])(
    '%s, one of the shell’s own pages, holds the markup of the shell’s renderer (its build’s dist/server/pages.js), marked with its page, drawn from exactly its rendered reads, and carries the same reads; its style sheet styles the first paint',
    async (url, module, name, pattern, reads) => {
      const gateway = await serve(appsRootWith(pagesFile()));
      const response = await page(gateway, url);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const path = url.split('?')[0] ?? '';
      expect(html).toContain(
        '<div class="shell-page-space" aria-busy="true">' +
          `${renderOf(module)}${drawnMarkup(name, path, pattern, reads)}</div></div>`,
      );
      expect(carriedReads(html)).toEqual(reads);
      // Nothing WordPress sent runs: its HTML sanitized, the carried JSON unable to end its element.
      expect(html).not.toMatch(/alert\(|onerror/);
      // No hint for a read the page carries (the layout's reads, /pages/96030 among them, are).
      for (const key of Object.keys(reads)) expect(html).not.toContain(`href="${key}"`);
      expect(html).toContain('<link rel="stylesheet" href="/pages.9c8d7e6f.css">');
      expect(codeAfterPaint(html)?.preloads).toContain(
        `/${module.slice('pages/'.length)}.1a2b3c4d.js`,
      );
    },
  );

  it('a shell page the company’s app shows bare is served as it is, without a server render', async () => {
    const appsRoot = appsRootWith(pagesFile());
    const response = await page(await serve(appsRoot), '/privacy-policy?isMobileApp=true');
    expect(response.body).not.toContain(serverRenderAttribute);
    expect(response.body).toBe(
      (await pageAsToday(appsRoot, '/privacy-policy?isMobileApp=true')).body,
    );
  });

  it('without the shell’s renderers (no dist/server/pages.js): its pages as they are without a server render, the remote’s still rendered', async () => {
    const appsRoot = appsRootWith(pagesFile(), null);
    const gateway = await serve(appsRoot);
    for (const url of ['/blogs', '/privacy-policy', '/search?s=plab']) {
      const response = await page(gateway, url);
      expect(response.body).not.toContain(serverRenderAttribute);
      expect(response.body).toBe((await pageAsToday(appsRoot, url)).body);
    }
    expect((await page(gateway, '/courses')).body).toContain(renderOf('home/CourseListPage'));
  });

  it.each([
    ['throws', 'exports.renderers = { blogList: () => { throw new Error("bad blog"); } };', true],
    ['cannot be loaded', 'throw new Error("a broken build");', false],
  ])(
    'a shell renderer file that %s: its pages as they are without a server render, and the gateway goes on',
    async (_what, source, thrown) => {
      const appsRoot = appsRootWith(pagesFile(), source);
      const gateway = await serve(appsRoot);
      const response = await page(gateway, '/blogs');
      expect(response.body).toBe((await pageAsToday(appsRoot, '/blogs')).body);
      expect((await page(gateway, '/events')).body).toContain(renderOf('home/EventListPage'));
      expect((await gateway.inject({ url: '/healthz' })).statusCode).toBe(200);
      const warning = thrown
        ? 'pages/BlogsPage could not render /blogs (blogList): the page is served without its server render.'
        : `${path.join(appsRoot, 'shell', 'dist', 'server', 'pages.js')} could not be loaded`;
      expect(logged.some((line) => line.includes(warning))).toBe(true);
    },
  );
});
