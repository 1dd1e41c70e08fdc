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
