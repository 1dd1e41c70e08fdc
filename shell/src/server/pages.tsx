import { decodeHTML } from 'entities';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, Route, Routes, StaticRouter } from 'react-router-dom';
import {
  answerOf,
  PAGE_CONTRACT,
  PlainText,
  serveAnswers,
  serverPlainText,
  type ServerDrawing,
  type ServerRenderer,
  type ServerRenderInput,
} from 'shared-store';
import type { ShellPageProps } from '../pages';
import BlogPostPage from '../pages/BlogPostPage';
import BlogsPage from '../pages/BlogsPage';
import { infoPageRead } from '../pages/components/infoPages';
import { isSitePath } from '../pages/components/SmartLink';
import { siteReads } from '../pages/reads/site';
import { wordpressReads } from '../pages/reads/wordpress';
import ContactPage, { INTRO_SLUG } from '../pages/ContactPage';
import InfoPage from '../pages/InfoPage';
import LegalPage from '../pages/LegalPage';
import SearchPage from '../pages/SearchPage';

/**
 * The first screens of the shell's own pages as the gateway puts them into the page
 * (dist/server/pages.js, the page contract's `serverRender` names): each route's page, drawn from
 * the answers the gateway read for it, exactly as the page's first render in the browser draws it
 * when the page carries the same answers (its reads take them instead of asking), so the browser
 * paints it before any script runs and the page replaces it without moving a pixel. Nothing here
 * touches a document: the process that runs it has none, and effects do not run in a server render.
 */

type Reads = ServerRenderInput['reads'];

/** One of the page's reads, as shared-store declares it. */
type PageRead<A, T> = Parameters<typeof answerOf<A, T>>[0];

/**
 * The answer carried for the page's read with these arguments, under the URL the read asks for
 * (its served key: none of these reads is stamped), if it is of the read's shape. Without one the
 * page would draw only its loading state: the route is then served without a first screen.
 */
function servedAnswer<A, T>(reads: Reads, read: PageRead<A, T>, args: A): T | undefined {
  const { path, query = {} } = read.request(args);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return answerOf(read, reads[search ? `${path}?${search}` : path]);
}

const isServed = <A, T>(reads: Reads, read: PageRead<A, T>, args: A) =>
  servedAnswer(reads, read, args) !== undefined;

/**
 * The route's shell page as the shell draws it (App's ShellPage: told the route's slug and title),
 * in the router at the page's address, with the server's reading of WordPress's text, drawn from
 * these answers alone. Undefined at an address its route does not match, and when it shows a text
 * the server cannot read exactly as the browser does.
 */
function drawn(
  input: ServerRenderInput,
  Page: ComponentType<ShellPageProps>,
  location: string = input.path,
): ServerDrawing | undefined {
  const route = PAGE_CONTRACT.routes.find((candidate) => candidate.path === input.pattern);
  if (!route || !matchPath(input.pattern, input.path)) return undefined;
  serveAnswers(input.reads);
  const text = serverPlainText(decodeHTML);
  let html: string;
  let wanted: string[];
  try {
    html = renderToString(
      <PlainText.Provider value={text.reading}>
        <StaticRouter location={location}>
          <Routes>
            <Route
              path={input.pattern}
              element={<Page slug={route.path.slice(1)} title={route.title ?? ''} />}
            />
          </Routes>
        </StaticRouter>
      </PlainText.Provider>,
    );
  } finally {
    // The next page this process draws finds nothing of this one's answers.
    wanted = serveAnswers({});
  }
  return html && text.exact() ? { html, wanted } : undefined;
}

/** A route's slug (`privacy-policy`), which its page reads WordPress's page of. */
const slugOf = (input: ServerRenderInput) => input.pattern.slice(1);

/**
 * The term a search page was served for, and its results: the term its carried read asks for
 * (`?s=`, trimmed as the page trims it); the page's address holds nothing else the page shows.
 */
function searched(reads: Reads): { term: string; answer: unknown } | undefined {
  const { path } = siteReads.search.request('');
  const [key, ...more] = Object.keys(reads).filter((served) => served.startsWith(`${path}?`));
  if (key === undefined || more.length > 0) return undefined;
  const term = new URLSearchParams(key.slice(path.length + 1)).get('s')?.trim();
  return term && isServed(reads, siteReads.search, term) ? { term, answer: reads[key] } : undefined;
}

/**
 * Search results the server draws as the browser does: a list (or `{ results }`), each result's
 * link a path on this site or none. A link to a whole address is the storefront's own or another
 * site's by the origins of the page and of WordPress, which the server is not told: such results
 * are left to the browser.
 */
function drawableResults(answer: unknown): boolean {
  const results: unknown =
    typeof answer === 'object' && answer !== null && !Array.isArray(answer)
      ? (answer as { results?: unknown }).results
      : answer;
  return (
    Array.isArray(results) &&
    results.every((result: unknown) => {
      const url: unknown =
        typeof result === 'object' && result !== null ? (result as { url?: unknown }).url : null;
      return typeof url !== 'string' || isSitePath(url);
    })
  );
}

export const renderers: Record<string, ServerRenderer> = {
  /** /blogs: the articles and their categories. */
  blogList: (input) =>
    isServed(input.reads, wordpressReads.posts, undefined) &&
    isServed(input.reads, wordpressReads.categories, undefined)
      ? drawn(input, BlogsPage)
      : undefined,
  /** /blogs/:slug: the article of the address's slug, or the page saying there is none. */
  blogPost: (input) => {
    const slug = matchPath(input.pattern, input.path)?.params.slug?.trim();
    return slug && isServed(input.reads, wordpressReads.postBySlug, slug)
      ? drawn(input, BlogPostPage)
      : undefined;
  },
  /** /search?s=: the results of the term its read asks for. */
  search: (input) => {
    const search = searched(input.reads);
    return search && drawableResults(search.answer)
      ? drawn(
          input,
          SearchPage,
          `${input.path}?${new URLSearchParams({ s: search.term }).toString()}`,
        )
      : undefined;
  },
  /** /privacy-policy, /terms-and-conditions: the WordPress page of the route's slug. */
  legal: (input) =>
    isServed(input.reads, wordpressReads.pageBySlug, slugOf(input))
      ? drawn(input, LegalPage)
      : undefined,
  /** /contact-us: the form under the WordPress page `contact-us`, its introduction. */
  contact: (input) =>
    isServed(input.reads, wordpressReads.pageBySlug, INTRO_SLUG)
      ? drawn(input, ContactPage)
      : undefined,
  /** /acceptable-use-policy: the site's info page of the route's slug. */
  info: (input) =>
    isServed(input.reads, infoPageRead, slugOf(input)) ? drawn(input, InfoPage) : undefined,
};
