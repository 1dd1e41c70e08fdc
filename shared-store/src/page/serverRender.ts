/** What the gateway hands a remote's server renderer for one page. */
export interface ServerRenderInput {
  /** The page's path, e.g. `/courses/plab-1-online-course`. */
  path: string;
  /** The route's pattern in the page contract, e.g. `/courses/:slug`. */
  pattern: string;
  /** The page's query string, without its `?`; absent when it has none. */
  search?: string;
  /** The answers of the route's `rendered` reads, by their served key (servedKey). */
  reads: Record<string, unknown>;
  /**
   * The cookies of the route's `serverRenderCookies` the browser sent, each a short token
   * (letters, digits, `.`, `_`, `-`; anything else is left out). They come from the visitor:
   * a renderer reads them as it would any input. Absent when the route names none.
   */
  cookies?: Record<string, string>;
}

/**
 * A first screen drawn on the server: its markup, and the reads it asked for that the gateway had
 * not handed it, by served key (a list's prices, a course's description): the gateway may read
 * those it allows and draw the page again with their answers.
 */
export interface ServerDrawing {
  html: string;
  wanted: string[];
}

/**
 * One route's server renderer (the route's `serverRender` names it among the `renderers` its
 * remote's dist/server/pages.js exports): the route's first screen as HTML, exactly as the page's
 * first render in the browser draws it with the same answers (ServerDrawing, or the markup alone
 * when it tells no wanted reads); undefined when it has nothing to draw (the page is then served as
 * it is without it).
 */
export type ServerRenderer = (input: ServerRenderInput) => ServerDrawing | string | undefined;

/**
 * A WordPress answer a head reader is handed: its JSON; `absent` when WordPress said nothing has
 * that name (its 404); `failed` when no answer came that can be used (an error, not JSON, too late).
 */
export type HeadAnswer = { json: unknown } | 'absent' | 'failed';

/**
 * What the gateway hands a remote's head reader for one page. A route's `heads[path].read` (the
 * page contract) names a head reader among the `heads` its remote's dist/server/pages.js exports
 * beside its `renderers`, `(input: HeadInput) => HeadOutcome`: what the page is about, read from
 * WordPress's answers by the remote's own shapes. The gateway runs it in the remote's sandboxed
 * process, as it runs its renderers, and checks what it says.
 */
export interface HeadInput {
  /** The page's path, e.g. `/courses/plab-1-online-course`. */
  path: string;
  /** The route's pattern in the page contract, e.g. `/courses/:slug`. */
  pattern: string;
  /** The page's one address, absolute, on the storefront's public origin. */
  url: string;
  /** The answers of the WordPress reads it asked for so far, by URL. */
  reads: Record<string, HeadAnswer>;
}

/**
 * What a page is about, as its head reader says it. Every text may be WordPress's HTML: the
 * gateway makes each plain text within its limits (`name` and `description` as the page's title
 * and description), keeps `image` when it is an http(s) URL (made absolute against the public
 * address), and writes the page's name, description, address and image into each of
 * `structuredData` (schema.org objects, plain JSON), over whatever they hold.
 */
export interface PageSubject {
  name: string;
  description?: string;
  image?: string;
  structuredData?: Record<string, unknown>[];
}

/**
 * What a head reader says of a page from the answers it was handed: what the page is about; the
 * WordPress reads it needs first (`wanted`: URLs as a page's read writes them; the gateway reads
 * those the proxy opens to any visitor, in rounds, within the page's budget, and asks again);
 * `absent`: nothing has that name (the page is a 404); `malformed`: an answer is not of its shape;
 * `unanswered`: a read it needs failed. The last two leave the page its default head.
 */
export type HeadOutcome =
  { about: PageSubject } | { wanted: string[] } | 'absent' | 'malformed' | 'unanswered';

/**
 * The first entry of a WordPress list whose `slug` is this one, as a page's head finds what it is
 * about (the gateway's heads and a remote's head readers alike): `absent` when none has it,
 * undefined when the answer is not a list.
 */
export function entryBySlug(list: unknown, slug: string): unknown {
  if (!Array.isArray(list)) return undefined;
  const entry: unknown = list.find(
    (item: unknown) =>
      typeof item === 'object' && item !== null && (item as { slug?: unknown }).slug === slug,
  );
  return entry ?? 'absent';
}
