import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { PAGE_CONTRACT, pageReadUrl, serveAnswers, type ServerRenderInput } from 'shared-store';
import {
  createReader,
  drawnBy,
  mockFetch,
  renderWithProviders,
  seen,
  servedPage,
} from 'shared-store/testing';
import type { ShellPageProps } from '../pages';
import BlogPostPage from '../pages/BlogPostPage';
import BlogsPage from '../pages/BlogsPage';
import ContactPage from '../pages/ContactPage';
import InfoPage from '../pages/InfoPage';
import LegalPage from '../pages/LegalPage';
import SearchPage from '../pages/SearchPage';
import { infoPageRead } from '../pages/components/infoPages';
import { renderers } from './pages';

const post = (id: number, slug: string, title: string, categories: number[]) => ({
  id,
  date: '2024-11-04T09:00:00',
  slug,
  link: `https://cms.example/${slug}/`,
  title: { rendered: title },
  content: {
    rendered:
      '\n<figure class="wp-block-image"><img src="/hero.png" alt="UKMLA revision" width="1024" height="538"></figure>\n' +
      `<p>Full text of ${slug}, with our <a href="/privacy-policy">privacy policy</a>.</p>\n`,
  },
  excerpt: { rendered: `<p>About ${slug}.</p>\n` },
  categories,
});

const POSTS = [
  post(6, 'how-to-pass-ukmla-akt', 'How to pass the UKMLA AKT at the first attempt', [2]),
  post(7, 'plab-changes', 'PLAB 1 &#038; PLAB 2: what&#8217;s changed in 2024', [3]),
];
const CATEGORIES = [
  { id: 2, name: 'Exam Guides' },
  { id: 3, name: 'News &amp; Updates' },
];
const wpPage = (slug: string, text: string) => [
  { id: 40, slug, title: { rendered: slug }, content: { rendered: `\n<p>${text}</p>\n` } },
];
const RESULTS = [
  {
    id: 2103,
    title: 'PLAB 1 Online Course',
    url: '/courses/plab-1-online-course',
    type: 'course',
    excerpt: '<p>Lectures, notes and <strong>3,500 questions</strong>.</p>',
  },
  {
    id: 9,
    title: 'How to pass &amp; thrive',
    url: '/blog/how-to-pass/',
    type: 'post',
    excerpt: '',
  },
];

/** A route of the shell served with these answers, for its reads in the contract's order. */
interface ServedRoute {
  renderer: string;
  /** The page's address, with its query. */
  address: string;
  Page: ComponentType<ShellPageProps>;
  answers: unknown[];
  heading: string;
  /** The text of the first thing the page lists or says under its heading. */
  first: string;
}

const ROUTES: ServedRoute[] = [
  {
    renderer: 'blogList',
    address: '/blogs',
    Page: BlogsPage,
    answers: [POSTS, CATEGORIES],
    heading: 'Blog',
    first: 'How to pass the UKMLA AKT at the first attempt',
  },
  {
    renderer: 'blogPost',
    address: '/blogs/plab-changes',
    Page: BlogPostPage,
    answers: [[POSTS[1]]],
    heading: 'PLAB 1 & PLAB 2: what’s changed in 2024',
    first: 'Full text of plab-changes, with our privacy policy.',
  },
  {
    renderer: 'search',
    address: '/search?s=%20plab%20',
    Page: SearchPage,
    answers: [RESULTS],
    heading: 'Search results for “plab”',
    first: 'PLAB 1 Online Course',
  },
  {
    renderer: 'legal',
    address: '/privacy-policy',
    Page: LegalPage,
    answers: [wpPage('privacy-policy', 'This policy explains how we use your data.')],
    heading: 'Privacy Policy',
    first: 'This policy explains how we use your data.',
  },
  {
    renderer: 'legal',
    address: '/terms-and-conditions',
    Page: LegalPage,
    answers: [wpPage('terms-and-conditions', 'These terms apply to every purchase.')],
    heading: 'Terms and Conditions',
    first: 'These terms apply to every purchase.',
  },
  {
    renderer: 'contact',
    address: '/contact-us',
    Page: ContactPage,
    answers: [wpPage('contact-us', 'Questions about a course? Write to us.')],
    heading: 'Contact us',
    first: 'Questions about a course? Write to us.',
  },
  {
    renderer: 'info',
    address: '/acceptable-use-policy',
    Page: InfoPage,
    answers: [{ title: 'Acceptable Use Policy', content: '<p>Use the courses yourself.</p>' }],
    heading: 'Acceptable Use Policy',
    first: 'Use the courses yourself.',
  },
];

/**
 * What the gateway hands the route's renderer: the page's path, the route's pattern, and these
 * answers under the URLs the route's rendered reads ask for (pageReadUrl, the gateway's served
 * keys), in the contract's order.
 */
function inputFor(address: string, answers: unknown[]): ServerRenderInput {
  const [path = '', search = ''] = address.split('?');
  const route = PAGE_CONTRACT.routes.find(
    (candidate) => candidate.path !== '*' && matchPath(candidate.path, path),
  );
  if (!route) throw new Error(`no route for ${address}`);
  const page = { path, pattern: route.path, search, now: 0, stampParameter: 't' };
  const urls = (route.data ?? [])
    .filter((read) => read.rendered)
    .map((read) => pageReadUrl(read, page));
  if (urls.length !== answers.length || urls.some((url) => url === undefined)) {
    throw new Error(
      `${address}: ${String(urls.length)} rendered reads, ${String(answers.length)} answers`,
    );
  }
  return {
    path,
    pattern: route.path,
    reads: Object.fromEntries(urls.map((url, i) => [url ?? '', answers[i]])),
  };
}

/**
 * The browser's page, as the shell draws it once its code has come, with the same answers served;
 * it may ask for nothing (mockFetch fails the test on any request).
 */
function browserPage(route: ServedRoute, input: ServerRenderInput) {
  serveAnswers(input.reads);
  const { calls } = mockFetch({});
  const Page = route.Page;
  const shellRoute = PAGE_CONTRACT.routes.find((candidate) => candidate.path === input.pattern);
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path={input.pattern}
        element={<Page slug={input.pattern.slice(1)} title={shellRoute?.title ?? ''} />}
      />
    </Routes>,
    { route: route.address },
  );
  return { ...rendered, calls };
}

afterEach(() => {
  serveAnswers({});
  jest.restoreAllMocks();
});

describe.each(ROUTES)('the $address page drawn on the server', (route) => {
  const input = inputFor(route.address, route.answers);

  it('is the page’s first render in the browser with the same answers, which asks for nothing, so the page replaces it without moving a pixel', () => {
    const served = servedPage(drawnBy(renderers, route.renderer, input));
    const { container, calls } = browserPage(route, input);
    const client = container.firstElementChild;
    expect(client).not.toBeNull();
    if (!client) return;
    // The same elements, attributes (in any order) and text.
    expect(seen(served).isEqualNode(seen(client))).toBe(true);
    expect(calls).toEqual([]);
  });

  it('holds the page’s heading and its first item', () => {
    const served = servedPage(drawnBy(renderers, route.renderer, input));
    expect(served.querySelector('h1')?.textContent).toBe(route.heading);
    expect(served.querySelector('[aria-busy]')).toBeNull();
    expect(served.textContent).toContain(route.first);
  });

  it('serves each of its buttons disabled until the page’s code runs, and the browser’s enabled (a tap is never lost on a button that looks ready)', () => {
    const served = servedPage(drawnBy(renderers, route.renderer, input));
    for (const button of served.querySelectorAll('button')) {
      expect([button.outerHTML, button.hasAttribute('disabled')]).toEqual([button.outerHTML, true]);
    }
    const { container } = browserPage(route, input);
    for (const button of container.querySelectorAll('button')) {
      expect([button.outerHTML, button.hasAttribute('disabled')]).toEqual([
        button.outerHTML,
        false,
      ]);
    }
  });

  it('draws nothing without its reads’ answers, or with answers of another shape', () => {
    expect(drawnBy(renderers, route.renderer, { ...input, reads: {} })).toBeUndefined();
    const malformed = Object.fromEntries(
      Object.keys(input.reads).map((key) => [
        key,
        { code: 'rest_no_route', message: 'No route', data: { status: 404 } },
      ]),
    );
    expect(drawnBy(renderers, route.renderer, { ...input, reads: malformed })).toBeUndefined();
  });

  it('draws nothing at an address its route does not match', () => {
    expect(
      drawnBy(renderers, route.renderer, { ...input, path: '/elsewhere/at/all' }),
    ).toBeUndefined();
  });
});

describe('what a page’s answers hold, on the server', () => {
  const POST_ADDRESS = '/blogs/plab-changes';

  it('a hostile title written as text is text in the markup, never an element, as the browser draws it', () => {
    const hostile = { ...POSTS[1], title: { rendered: '&lt;img src=x onerror=alert(1)&gt;' } };
    const input = inputFor(POST_ADDRESS, [[hostile]]);
    const served = servedPage(drawnBy(renderers, 'blogPost', input));
    expect(served.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(served.querySelector('[onerror], img[src="x"]')).toBeNull();
    const route = ROUTES.find((candidate) => candidate.renderer === 'blogPost');
    if (!route) throw new Error('no blogPost route');
    const { container } = browserPage(route, input);
    const client = container.firstElementChild;
    expect(client && seen(served).isEqualNode(seen(client))).toBe(true);
  });

  it('a title of markup (which the browser reads as no text at all) leaves the page undrawn', () => {
    const marked = (title: string) => ({ ...POSTS[1], title: { rendered: title } });
    for (const title of ['<img src=x onerror=alert(1)>', 'Pass <em>PLAB</em>']) {
      expect(
        drawnBy(renderers, 'blogPost', inputFor(POST_ADDRESS, [[marked(title)]])),
      ).toBeUndefined();
      expect(
        drawnBy(renderers, 'blogList', inputFor('/blogs', [[marked(title)], CATEGORIES])),
      ).toBeUndefined();
    }
    expect(
      drawnBy(
        renderers,
        'blogList',
        inputFor('/blogs', [POSTS, [{ id: 2, name: '<b>Guides</b>' }]]),
      ),
    ).toBeUndefined();
  });

  it('an unknown article is drawn as the page draws it: not found, with the way back', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const served = servedPage(
      drawnBy(renderers, 'blogPost', inputFor('/blogs/no-such-post', [[]])),
    );
    expect(served.querySelector('h1')?.textContent).toBe('Article not found');
    expect(served.querySelector('a[href="/blogs"]')).not.toBeNull();
    expect(warn).toHaveBeenCalledWith('No blog post found for this slug.');
  });

  it('search results linking to a whole address are left to the browser, which knows the site’s and WordPress’s origins', () => {
    const elsewhere = [{ ...RESULTS[0], url: 'https://www.example-academy.test/plab/' }];
    expect(drawnBy(renderers, 'search', inputFor('/search?s=plab', [elsewhere]))).toBeUndefined();
    expect(
      drawnBy(renderers, 'search', inputFor('/search?s=plab', [{ results: RESULTS }])),
    ).toContain('PLAB 1 Online Course');
  });

  it('a hostile search term is text in the markup, never an element', () => {
    const term = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const input = inputFor(`/search?${new URLSearchParams({ s: term }).toString()}`, [[]]);
    const html = drawnBy(renderers, 'search', input);
    expect(html).not.toMatch(/<script|<img/i);
    const served = servedPage(html);
    expect(served.querySelector('h1')?.textContent).toBe(`Search results for “${term}”`);
    expect(served.querySelector('input')?.getAttribute('value')).toBe(term);
  });

  it.each(['contact', 'search'])(
    'a %s form drawn on the server waits for the page’s code (inert): nothing is typed into it or sent before',
    (renderer) => {
      const route = ROUTES.find((candidate) => candidate.renderer === renderer);
      if (!route) throw new Error(`no ${renderer} route`);
      const input = inputFor(route.address, route.answers);
      const served = servedPage(drawnBy(renderers, renderer, input));
      const forms = [...served.querySelectorAll('form')];
      expect(forms).toHaveLength(1);
      expect(forms.every((form) => form.hasAttribute('inert'))).toBe(true);
      const { container } = browserPage(route, input);
      expect(container.querySelector('form')?.hasAttribute('inert')).toBe(false);
    },
  );

  it('a search page draws the term of its read, whatever else its address holds', () => {
    const input = inputFor('/search?s=msra', [RESULTS]);
    const served = servedPage(drawnBy(renderers, 'search', input));
    expect(served.querySelector('h1')?.textContent).toBe('Search results for “msra”');
    expect(served.querySelector('input')?.getAttribute('value')).toBe('msra');
    expect(
      drawnBy(renderers, 'search', {
        ...input,
        reads: { ...input.reads, '/wp-json/custom/v1/search?s=x': [] },
      }),
    ).toBeUndefined();
  });
});

describe('pages drawn one after another in one process', () => {
  it('a second page carries nothing of the first', () => {
    const first = servedPage(
      drawnBy(
        renderers,
        'legal',
        inputFor('/privacy-policy', [wpPage('privacy-policy', 'First.')]),
      ),
    );
    expect(first.textContent).toContain('First.');
    const second = drawnBy(renderers, 'legal', inputFor('/terms-and-conditions', [[]]));
    expect(second).toBeDefined();
    expect(servedPage(second).textContent).not.toContain('First.');
    expect(
      drawnBy(renderers, 'legal', { ...inputFor('/privacy-policy', [[]]), reads: {} }),
    ).toBeUndefined();
  });

  it('an answer served to a page and not taken by it is gone once the page is drawn', async () => {
    const info = '/wp-json/custom/v1/acceptable-use-policy';
    drawnBy(renderers, 'legal', {
      ...inputFor('/privacy-policy', [wpPage('privacy-policy', 'First.')]),
      reads: {
        ...inputFor('/privacy-policy', [wpPage('privacy-policy', 'First.')]).reads,
        [info]: { title: 'Left behind', content: '<p>Left behind.</p>' },
      },
    });
    const { calls } = mockFetch({
      [info]: () => ({ body: { title: 'Asked', content: '<p>x</p>' } }),
    });
    expect(await createReader().read(infoPageRead, 'acceptable-use-policy')).toEqual({
      title: 'Asked',
      html: '<p>x</p>',
    });
    expect(calls).toEqual([info]);
  });
});
