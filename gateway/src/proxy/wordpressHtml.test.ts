import type { AddressInfo } from 'node:net';
import { appsRootWithHomeHeads } from '../test-support/remoteHeads';
import { MAX_SANITIZED_BYTES } from '../plugins/backendHtml';
import {
  HOSTILE_HTML,
  HOSTILE_POST_ANSWER,
  RUNNABLE,
  WORDPRESS_SITE,
} from '../test-support/hostileContent';
import { exchange, headerValues, statusOf } from '../test-support/rawHttp';
import { recordingWordPressPerTest } from '../test-support/recordingWordPress';
import { jwtFor } from '../test-support/tokens';

/** The storefront's route for the WordPress link in HOSTILE_HTML. */
const STOREFRONT_LINK = '<a href="/courses/plab-1">PLAB 1</a>';

const POST_SLUG = 'ukmla-cpsa-clinical-reasoning';

/** The captured hostile post, its excerpt made hostile too (an image's onerror, an SVG's onload). */
const HOSTILE_POSTS = (JSON.parse(String(HOSTILE_POST_ANSWER)) as Record<string, unknown>[]).map(
  (post) => ({ ...post, excerpt: { rendered: HOSTILE_HTML, protected: false } }),
);

const image = { url: '/wp-content/uploads/2024/02/plab-1.svg', alt: 'PLAB 1' };

/** Each WordPress route whose HTML a page renders, the answer WordPress gives, hostile. */
const ANSWERS: Record<string, unknown> = {
  '/wp-json/wp/v2/menu_home': [
    { ID: 5001, title: HOSTILE_HTML, url: `${WORDPRESS_SITE}/courses/`, items: [] },
  ],
  '/wp-json/custom/v2/getPromotionalBanner': {
    promotional_text: HOSTILE_HTML,
    promotional_link: { title: 'Shop PLAB 1', url: '/#courses-section', target: '_self' },
    promotional_speed: 20,
  },
  '/wp-json/wp/v2/home_banner': [{ id: 2501, title: 'Pass PLAB', subtitle: HOSTILE_HTML, image }],
  '/wp-json/wp/v2/pages/96030': {
    id: 96030,
    slug: 'home',
    title: { rendered: 'Home' },
    content: { rendered: HOSTILE_HTML },
    acf_groups: { FooterContent: { footerabtcontent: HOSTILE_HTML } },
    rank_math_meta: { meta_title: 'Arora <script>alert(1)</script>', meta_description: 'PLAB' },
  },
  '/wp-json/wp/v2/footer': { html: HOSTILE_HTML },
  '/wp-json/wp/v2/courseList': [
    { id: 12, slug: 'plab-1', title: 'PLAB 1', excerpt: HOSTILE_HTML, image, price: '49.00' },
  ],
  '/wp-json/wp/v2/course/12': { id: 12, title: 'PLAB 1', content: HOSTILE_HTML, highlights: [] },
  '/wp-json/wp/v2/page-details/location-3': {
    id: 3,
    title: 'London',
    address: '52 Gower Street, London',
    content: HOSTILE_HTML,
    image,
  },
  '/wp-json/wp/v2/posts': HOSTILE_POSTS,
  '/wp-json/wp/v2/pages': [
    {
      id: 7,
      slug: 'about-us',
      title: { rendered: 'About us' },
      content: { rendered: HOSTILE_HTML },
    },
  ],
  '/wp-json/custom/v1/search': [
    { id: 10, type: 'post', title: 'CPSA', excerpt: HOSTILE_HTML, url: `${WORDPRESS_SITE}/x/` },
  ],
  '/wp-json/custom/v1/404': { title: 'Page not found', content: HOSTILE_HTML },
  '/wp-json/custom/v1/acceptable-use-policy': { title: 'Acceptable use', content: HOSTILE_HTML },
};

/**
 * The reads of the pages that render WordPress's HTML, as a browser makes them, and whether a
 * logged-out visitor's answer is kept (home_banner never is).
 */
const CONTENT_READS: [url: string, kept: boolean][] = [
  ['/wp-json/wp/v2/menu_home', true],
  ['/wp-json/custom/v2/getPromotionalBanner', true],
  ['/wp-json/wp/v2/home_banner?t=1767225600000', false],
  ['/wp-json/wp/v2/pages/96030', true],
  ['/wp-json/wp/v2/footer', true],
  ['/wp-json/wp/v2/course/12', true],
  ['/wp-json/wp/v2/page-details/location-3', true],
  ['/wp-json/wp/v2/posts/?per_page=100', true],
  [`/wp-json/wp/v2/posts?slug=${POST_SLUG}&_embed=1`, true],
  ['/wp-json/wp/v2/pages?slug=about-us', true],
  ['/wp-json/custom/v1/search?s=plab', true],
  ['/wp-json/custom/v1/404', true],
  ['/wp-json/custom/v1/acceptable-use-policy', true],
];

/** Every string of a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsOf);
}

/** The texts of a JSON answer, checked: nothing in them would run, and the WordPress link is ours. */
function expectClean(body: string) {
  const texts = stringsOf(JSON.parse(body)).join('\n');
  expect(texts).not.toMatch(RUNNABLE);
  expect(texts).toContain(STOREFRONT_LINK);
}

/** WordPress's type for its answers. */
const JSON_TYPE = 'application/json; charset=UTF-8';

/** What the stand-in answers instead, by path: a type and a body as written. */
const raw = new Map<string, { type: string; body: string }>();

describe('WordPress’s HTML reaches the browser sanitized, however it travels', () => {
  const site = recordingWordPressPerTest((server) => {
    server.get('/*', (request, reply) => {
      const path = request.url.split('?')[0]?.replace(/\/$/, '') ?? '';
      const written = raw.get(path);
      if (written) return reply.type(written.type).send(written.body);
      if (!(path in ANSWERS)) return reply.code(404).send({ code: 'rest_no_route' });
      return ANSWERS[path];
    });
    server.post('/wp-json/jwt-auth/v1/token', (_request, reply) =>
      reply.code(403).send({
        code: '[jwt_auth] empty_username',
        message: `<strong>Error:</strong> The username field is empty. ${HOSTILE_HTML}`,
        data: { status: 403 },
      }),
    );
    server.post('/wp-json/custom/v1/register', (_request, reply) =>
      reply.code(400).send({
        code: 'registration_failed',
        message: `<strong>Error:</strong> Please try again. ${HOSTILE_HTML}`,
        data: { status: 400 },
      }),
    );
  }, appsRootWithHomeHeads);
  afterEach(() => {
    raw.clear();
  });

  const hitsOf = (url: string) =>
    site.wordpress.hits.filter((hit) => hit.startsWith(`GET ${url.split('?')[0] ?? ''}`)).length;

  it.each(CONTENT_READS)(
    '%s reaches a logged-out visitor clean, and clean again from the cache',
    async (url, kept) => {
      const first = await site.gateway.inject(url);
      expect(first.statusCode).toBe(200);
      expectClean(first.body);
      const second = await site.gateway.inject(url);
      expectClean(second.body);
      expect(second.body).toBe(first.body);
      expect(second.headers['x-cache']).toBe(kept ? 'HIT' : undefined);
      expect(hitsOf(url)).toBe(kept ? 1 : 2);
    },
  );

  it.each(CONTENT_READS)(
    '%s reaches a learner clean, and is never kept for anyone',
    async (url) => {
      const learner = { authorization: `Bearer ${jwtFor(3)}` };
      for (const headers of [learner, learner, {}]) {
        const answer = await site.gateway.inject({ url, headers });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['x-cache']).toBeUndefined();
        expectClean(answer.body);
      }
      expect(hitsOf(url)).toBe(3);
    },
  );

  it.each([
    [
      '/blogs/ukmla-cpsa-clinical-reasoning',
      `/wp-json/wp/v2/posts?slug=${POST_SLUG}&_embed=wp%3Afeaturedmedia`,
    ],
    ['/courses/plab-1', '/wp-json/wp/v2/courseList'],
    ['/courses/plab-1', '/wp-json/wp/v2/course/12'],
    ['/locations/3', '/wp-json/wp/v2/page-details/location-3'],
    ['/about-us', '/wp-json/wp/v2/pages?slug=about-us'],
    ['/', '/wp-json/wp/v2/pages/96030'],
  ])(
    'the page %s carries none of it, and %s, read for its head, is kept clean for the browser',
    async (page, read) => {
      const served = await site.gateway.inject({ url: page, headers: { accept: 'text/html' } });
      expect(served.statusCode).toBe(200);
      expect(served.body).not.toMatch(/alert\(|onerror|onload|onclick|javascript:|<iframe|<svg/);
      const browser = await site.gateway.inject(read);
      expect(browser.headers['x-cache']).toBe('HIT');
      expectClean(browser.body);
    },
  );

  it('the footer keeps its menus, their ids and links; its form does not pass', async () => {
    const html =
      '<ul id="menu_footer_1" class="menu"><li id="menu-item-6101"><a href="/">Home</a></li>' +
      `<li id="menu-item-6103"><a href="${WORDPRESS_SITE}/blogs/">Blogs</a></li></ul>` +
      '<form action="/wp-json/custom/v1/newsletter" method="post"><input name="email"></form>';
    raw.set('/wp-json/wp/v2/footer', { type: JSON_TYPE, body: JSON.stringify({ html }) });
    const footer = await site.gateway.inject('/wp-json/wp/v2/footer');
    expect(footer.json()).toEqual({
      html:
        '<ul id="menu_footer_1" class="menu"><li id="menu-item-6101"><a href="/">Home</a></li>' +
        '<li id="menu-item-6103"><a href="/blogs">Blogs</a></li></ul>',
    });
  });

  it.each([
    ['login', '/wp-json/jwt-auth/v1/token', { username: '', password: 'x' }, 403],
    ['sign-up', '/wp-json/custom/v1/register', { email: 'a@b.test', password: 'x' }, 400],
  ] as const)(
    'a %s refusal whose WordPress message is HTML reaches the form sanitized',
    async (_form, url, payload, status) => {
      const answer = await site.gateway.inject({ method: 'POST', url, payload });
      expect(answer.statusCode).toBe(status);
      const { message } = answer.json<{ message: string }>();
      expect(message).toMatch(/^<strong>Error:<\/strong> /);
      expect(message).toContain(STOREFRONT_LINK);
      expect(message).not.toMatch(RUNNABLE);
    },
  );

  it('an answer without markup is passed on byte for byte, WordPress’s escapes included', async () => {
    const body =
      '[{"id":5001,"title":"Courses &#8211; all","url":"https:\\/\\/www.example-academy.test\\/courses\\/?a=1&b=2","price":"\\u00a349"}]';
    raw.set('/wp-json/wp/v2/menu_home', { type: JSON_TYPE, body });
    for (const headers of [{}, {}, { authorization: `Bearer ${jwtFor(3)}` }]) {
      expect((await site.gateway.inject({ url: '/wp-json/wp/v2/menu_home', headers })).body).toBe(
        body,
      );
    }
  });

  it.each([
    ['JSON cut short', '{"content":{"rendered":"<p>Our London centre'],
    ['HTML said to be JSON', '<html><body>Error establishing a database connection</body></html>'],
    [
      'JSON over the size the gateway sanitizes',
      `{"content":"${'a'.repeat(MAX_SANITIZED_BYTES)}"}`,
    ],
  ])('%s is a 502, never passed on nor kept', async (_case, body) => {
    raw.set('/wp-json/custom/v1/404', { type: JSON_TYPE, body });
    for (const headers of [{}, {}, { authorization: `Bearer ${jwtFor(3)}` }]) {
      const answer = await site.gateway.inject({ url: '/wp-json/custom/v1/404', headers });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toEqual({
        code: 'upstream_invalid_response',
        message: 'The content service sent an unexpected answer.',
        data: { status: 502 },
      });
    }
    expect(hitsOf('/wp-json/custom/v1/404')).toBe(3);
  });

  it.each([
    ['a logged-out visitor (the answer kept)', ''],
    ['a learner (the answer streamed)', `Authorization: Bearer ${jwtFor(3)}\r\n`],
  ])(
    'on the connection, %s is told the length of the body sent, and the next answer follows it',
    async (_who, authorization) => {
      await site.gateway.listen({ host: '127.0.0.1', port: 0 });
      const { port } = site.gateway.server.address() as AddressInfo;
      const url = `/wp-json/wp/v2/posts?slug=${POST_SLUG}`;
      const request = (last: boolean) =>
        `GET ${url} HTTP/1.1\r\nHost: shop.example.test\r\n${authorization}` +
        (last ? 'Connection: close\r\n\r\n' : '\r\n');
      const connection = await exchange(port, request(false) + request(true), ['GET', 'GET']);
      expect(connection.faults).toEqual([]);
      expect(connection.answers.map(statusOf)).toEqual([200, 200]);
      for (const answer of connection.answers) {
        expect(headerValues(answer, 'content-length')).toEqual([String(answer.body.length)]);
        expectClean(String(answer.body));
      }
      // WordPress's own length was that of the hostile posts.
      expect(connection.answers[0]?.body.length).toBeLessThan(
        Buffer.byteLength(JSON.stringify(HOSTILE_POSTS)),
      );
    },
  );

  it('a HEAD is not told WordPress’s length, which is not that of the body a GET is sent', async () => {
    await site.gateway.listen({ host: '127.0.0.1', port: 0 });
    const { port } = site.gateway.server.address() as AddressInfo;
    const url = `/wp-json/wp/v2/posts?slug=${POST_SLUG}`;
    const connection = await exchange(
      port,
      `HEAD ${url} HTTP/1.1\r\nHost: shop.example.test\r\n\r\n` +
        `GET ${url} HTTP/1.1\r\nHost: shop.example.test\r\nConnection: close\r\n\r\n`,
      ['HEAD', 'GET'],
    );
    expect(connection.faults).toEqual([]);
    const [head, get] = connection.answers;
    expect([head, get].map((answer) => answer && statusOf(answer))).toEqual([200, 200]);
    const wordpressLength = String(Buffer.byteLength(JSON.stringify(HOSTILE_POSTS)));
    expect(head && headerValues(head, 'content-length')).not.toContain(wordpressLength);
    expect(get && headerValues(get, 'content-length')).toEqual([String(get?.body.length)]);
  });
});
