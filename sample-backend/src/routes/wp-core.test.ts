import type { FastifyInstance } from 'fastify';
import { PUBLIC_SITE_URL } from '../config';
import { capturedBody, capturedHead, differences } from '../test-support/captured';
import { json, learnerToken, testBackend } from '../test-support/backend';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ app, cleanup } = await testBackend());
  token = await learnerToken(app);
});
afterAll(() => cleanup());

/** The captured WordPress answered on this host; asking with it makes links comparable as is. */
const CAPTURED_HOST = '127.0.0.1:8090';

const COMPARED_HEADERS = [
  'content-type',
  'x-robots-tag',
  'link',
  'x-content-type-options',
  'access-control-expose-headers',
  'access-control-allow-headers',
  'x-wp-total',
  'x-wp-totalpages',
  'allow',
  'vary',
  'expires',
  'cache-control',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-credentials',
];

interface CapturedCase {
  capture: string;
  url: string;
  body?: string;
  headers?: Record<string, string>;
  /** Fields the site adds on top of plain WordPress. */
  siteFields?: string[];
}

const CASES: CapturedCase[] = [
  { capture: 'posts-by-slug', url: '/wp-json/wp/v2/posts?slug=how-to-pass-ukmla-akt' },
  { capture: 'posts-per-page-100', url: '/wp-json/wp/v2/posts/?per_page=100' },
  { capture: 'categories-per-page-100', url: '/wp-json/wp/v2/categories/?per_page=100' },
  { capture: 'posts-categories-710', url: '/wp-json/wp/v2/posts?categories=710' },
  {
    capture: 'page-96030',
    url: '/wp-json/wp/v2/pages/96030',
    siteFields: ['acf_groups', 'rank_math_meta'],
  },
  // menu_home is a site route here; any route a plain WordPress lacks answers like the capture.
  {
    capture: 'error-no-route-menu_home',
    url: '/wp-json/wp/v2/no_such_route',
    body: 'error-no-route-menu_home',
  },
  { capture: 'posts-slug-does-not-exist', url: '/wp-json/wp/v2/posts?slug=does-not-exist' },
  { capture: 'error-per-page-1000', url: '/wp-json/wp/v2/posts?per_page=1000' },
  { capture: 'posts-page-2-of-3', url: '/wp-json/wp/v2/posts?per_page=5&page=2' },
  { capture: 'posts-by-slug-embed', url: '/wp-json/wp/v2/posts?slug=how-to-pass-ukmla-akt&_embed' },
  {
    capture: 'post-hostile-content-full',
    url: '/wp-json/wp/v2/posts?slug=ukmla-cpsa-clinical-reasoning',
  },
  { capture: 'error-post-not-found', url: '/wp-json/wp/v2/posts/999999' },
  { capture: 'error-page-number-too-big', url: '/wp-json/wp/v2/posts?page=99' },
  { capture: 'error-categories-not-int', url: '/wp-json/wp/v2/posts?categories=abc' },
  { capture: 'posts-categories-unknown', url: '/wp-json/wp/v2/posts?categories=99999' },
  { capture: 'error-users-me-anonymous', url: '/wp-json/wp/v2/users/me' },
  {
    capture: 'error-users-me-bad-password',
    url: '/wp-json/wp/v2/users/me',
    headers: { authorization: 'Bearer not.a.valid-token' },
  },
  {
    capture: 'cors-get-with-origin',
    url: '/wp-json/wp/v2/posts?per_page=1',
    headers: { origin: 'http://localhost:8080' },
  },
];

describe('WordPress core routes answer exactly like the captured WordPress 6.1', () => {
  it.each(CASES)('$capture: same status, headers and body', async (testCase) => {
    const response = await app.inject({
      url: testCase.url,
      headers: { host: CAPTURED_HOST, ...testCase.headers },
    });
    const head = capturedHead(testCase.capture);
    expect(response.statusCode).toBe(head.status);
    for (const name of COMPARED_HEADERS) {
      expect([name, response.headers[name]]).toEqual([name, head.headers[name]]);
    }
    const siteFields = testCase.siteFields ?? [];
    const parsed = json(response);
    const served = Array.isArray(parsed)
      ? parsed
      : Object.fromEntries(
          Object.entries(parsed as Record<string, unknown>).filter(
            ([key]) => !siteFields.includes(key),
          ),
        );
    const expectedBody =
      testCase.capture === 'cors-get-with-origin'
        ? [(capturedBody('posts-per-page-100') as unknown[])[0]]
        : capturedBody(testCase.body ?? testCase.capture);
    expect(differences(served, expectedBody)).toEqual([]);
  });

  it('users/me with the learner token: the captured learner profile, private headers, with the plugin’s exam_date meta', async () => {
    const response = await app.inject({
      url: '/wp-json/wp/v2/users/me',
      headers: { host: CAPTURED_HOST, authorization: `Bearer ${token}` },
    });
    const head = capturedHead('users-me-learner');
    expect(response.statusCode).toBe(200);
    for (const name of ['allow', 'expires', 'cache-control', 'content-type']) {
      expect(response.headers[name]).toBe(head.headers[name]);
    }
    // The captured site registers no user meta (`meta: []`); the company's plugin registers
    // exam_date, which is '' until a date is saved.
    expect(json(response)).toEqual({
      ...(capturedBody('users-me-learner') as object),
      meta: { exam_date: '' },
    });
  });

  it('users/me gives the exam date update_user_date saved, to that learner only, field by field', async () => {
    const saved = await app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/update_user_date',
      payload: { user_id: 3, exam_date: '2027-05-12' },
    });
    expect(saved.statusCode).toBe(200);
    const response = await app.inject({
      url: '/wp-json/wp/v2/users/me?_fields=meta.exam_date',
      headers: { host: CAPTURED_HOST, authorization: `Bearer ${token}` },
    });
    expect(json(response)).toEqual({ meta: { exam_date: '2027-05-12' } });
  });
});

describe('WordPress parameter validation', () => {
  it('names every invalid parameter in one rest_invalid_param error', async () => {
    const response = await app.inject('/wp-json/wp/v2/posts?per_page=abc&page=0&categories=2,x');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): page, per_page, categories',
      data: {
        status: 400,
        params: {
          page: 'page must be greater than or equal to 1',
          per_page: 'per_page is not of type integer.',
          categories:
            'categories is not a valid Term ID List. Reason: categories[1] is not of type integer.',
        },
        details: {
          page: {
            code: 'rest_out_of_bounds',
            message: 'page must be greater than or equal to 1',
            data: null,
          },
          per_page: {
            code: 'rest_invalid_type',
            message: 'per_page is not of type integer.',
            data: { param: 'per_page' },
          },
          categories: {
            code: 'rest_no_matching_schema',
            message:
              'categories is not a valid Term ID List. Reason: categories[1] is not of type integer.',
            data: { position: 0 },
          },
        },
      },
    });
  });

  it('per_page 100 is accepted and 101 refused', async () => {
    expect((await app.inject('/wp-json/wp/v2/posts?per_page=100')).statusCode).toBe(200);
    expect((await app.inject('/wp-json/wp/v2/posts?per_page=101')).statusCode).toBe(400);
  });

  it('a page past the end of an empty result is an empty list, not an error', async () => {
    const response = await app.inject('/wp-json/wp/v2/posts?categories=99999&page=3');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual([]);
  });

  it('paginates categories with the X-WP headers and a next link', async () => {
    const response = await app.inject({
      url: '/wp-json/wp/v2/categories?per_page=3',
      headers: { host: 'shop.test' },
    });
    expect(response.headers['x-wp-total']).toBe('4');
    expect(response.headers['x-wp-totalpages']).toBe('2');
    expect(response.headers.link).toBe(
      '<http://shop.test/wp-json/wp/v2/categories?per_page=3&page=2>; rel="next"',
    );
    expect((json(response) as unknown[]).length).toBe(3);
  });
});

describe('links follow the origin the client used', () => {
  it('rewrites the site URL in bodies and headers to the request host', async () => {
    const response = await app.inject({
      url: '/wp-json/wp/v2/posts/6',
      headers: { host: 'localhost:9999' },
    });
    expect(response.body).not.toContain('127.0.0.1:8090');
    const post = json(response) as { link: string };
    expect(post.link).toBe('http://localhost:9999/how-to-pass-ukmla-akt/');
    expect(response.headers.link).toBe(
      '<http://localhost:9999/how-to-pass-ukmla-akt/>; rel="alternate"; type=text/html',
    );
  });

  it('uses X-Forwarded-Proto and X-Forwarded-Host when the gateway sets them', async () => {
    const response = await app.inject({
      url: '/wp-json/wp/v2/categories',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.shop.test' },
    });
    expect(response.headers.link).toBe(
      '<https://www.shop.test/wp-json/>; rel="https://api.w.org/"',
    );
    expect(response.body).toContain('https://www.shop.test/category/exam-guides/');
  });
});

describe('embedding', () => {
  it('embeds no featured media for a post without one and empty tags for an untagged post', async () => {
    const response = await app.inject('/wp-json/wp/v2/posts?slug=mobile-app-offline-mode&_embed');
    const [post] = json(response) as { _embedded: Record<string, unknown> }[];
    expect(post?._embedded['wp:featuredmedia']).toBeUndefined();
    expect((post?._embedded['wp:term'] as unknown[][])[1]).toEqual([]);
    expect((post?._embedded.author as { name: string }[])[0]?.name).toBe('Exam Prep Team');
  });

  it('embeds only the relations listed in _embed', async () => {
    const response = await app.inject('/wp-json/wp/v2/posts/6?_embed=author');
    const post = json(response) as { _embedded: Record<string, unknown> };
    expect(Object.keys(post._embedded)).toEqual(['author']);
  });
});

describe('pages', () => {
  it('the home page carries the header logo, footer content and SEO fields', async () => {
    const page = json(await app.inject('/wp-json/wp/v2/pages/96030')) as {
      acf_groups: {
        HeaderContent: { headerlogo: { url: string; width: number; height: number } };
        FooterContent: {
          footerlogo: { url: string };
          footerabtcontent: string;
          copyrighttext: string;
        };
      };
      rank_math_meta: { meta_title: string; meta_description: string };
    };
    expect(page.acf_groups.HeaderContent.headerlogo).toMatchObject({ width: 190, height: 79 });
    expect(page.acf_groups.FooterContent.footerabtcontent).toContain('<p>');
    expect(page.acf_groups.FooterContent.copyrighttext).toBe(
      'Arora Medical Education. All rights reserved.',
    );
    expect(JSON.stringify(page)).not.toContain('{year}');
    expect(page.rank_math_meta.meta_title).toMatch(/UKMLA/);
    expect(page.rank_math_meta.meta_description.length).toBeGreaterThan(50);
  });

  it.each([
    'privacy-policy',
    'terms-and-conditions',
    'arora-subscribe-form',
    // The pages the menu links to.
    'ukmla',
    'content-map',
    'plab',
    'plab-2-mock-circuits',
    'msra',
    'mrcgp',
    'memberships',
    'question-of-the-week',
    'exam-dates',
    'about-us',
    'our-tutors',
    'contact-us',
  ])('pages?slug=%s is a one-page WordPress list', async (slug) => {
    const response = await app.inject(`/wp-json/wp/v2/pages?slug=${slug}`);
    expect(response.headers['x-wp-total']).toBe('1');
    const pages = json(response) as {
      slug: string;
      type: string;
      title: { rendered: string };
      content: { rendered: string };
    }[];
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ slug, type: 'page' });
    expect(pages[0]?.content.rendered.length).toBeGreaterThan(200);
  });

  it('a child page names its parent and lives under its path', async () => {
    const [parent] = json(await app.inject('/wp-json/wp/v2/pages?slug=ukmla')) as { id: number }[];
    const [child] = json(await app.inject('/wp-json/wp/v2/pages?slug=content-map')) as {
      parent: number;
      link: string;
      _links: { up: { href: string }[] };
    }[];
    expect(child?.parent).toBe(parent?.id);
    expect(child?.link).toMatch(/\/ukmla\/content-map\/$/);
    expect(child?._links.up[0]?.href).toMatch(new RegExp(`/wp/v2/pages/${String(parent?.id)}$`));
  });

  it('the PLAB 2 mock circuits page links to the three location pages on the WordPress host', async () => {
    const [page] = json(await app.inject('/wp-json/wp/v2/pages?slug=plab-2-mock-circuits')) as {
      content: { rendered: string };
    }[];
    const links = [...(page?.content.rendered ?? '').matchAll(/href="([^"]*\/locations\/[^"]*)"/g)];
    expect(links.map((link) => link[1])).toEqual(
      [1, 2, 3].map((id) => `${PUBLIC_SITE_URL}/locations/${String(id)}/`),
    );
  });

  it('an unknown page slug is an empty list and an unknown id the WordPress 404', async () => {
    expect(json(await app.inject('/wp-json/wp/v2/pages?slug=nope'))).toEqual([]);
    const response = await app.inject('/wp-json/wp/v2/pages/424242');
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual(capturedBody('error-post-not-found'));
  });
});

describe('the capture comparison itself', () => {
  it('reports a changed value, a missing key and a trimmed string of the wrong length', () => {
    const captured = { a: 1, b: 'abc…[trimmed: 5 chars in full]', c: [true] };
    expect(differences({ a: 1, b: 'abcde', c: [true] }, captured)).toEqual([]);
    expect(differences({ a: 2, b: 'abcdef', d: 1 }, captured)).toHaveLength(4);
  });
});
