import type { IncomingHttpHeaders } from 'node:http';

/**
 * What a real web server and WordPress make of a request before any route sees it, done once for
 * every request (Fastify's `rewriteUrl`):
 *
 * - the path is percent-decoded (`%2F` included), doubled slashes are collapsed and `.` / `..`
 *   segments resolved, as the web server does;
 * - a `rest_route` query parameter, on any path, names the REST route to serve, as WordPress's
 *   query var does (`/?rest_route=/wc/v3/orders` is `/wp-json/wc/v3/orders`), its name read as
 *   PHP reads it (`rest[route`, `rest.route`, `rest_route%00x` are `rest_route`: phpQuery);
 * - on a REST route, `?_method=` or else the `X-HTTP-Method-Override` header replaces the
 *   request method, as `WP_REST_Server::serve_request` does (a CORS preflight is left alone).
 *
 * WordPress matches its REST routes (a regular expression with PHP's `i` flag) and its pages'
 * slugs regardless of case, and PHP folds ASCII letters only: `/wp-json/WC/v3` is `/wc/v3`, but a
 * KELVIN SIGN (U+212A) stays itself and names no route, where JavaScript's `toLowerCase()` would
 * make it a `k`. So the path WordPress routes has its ASCII letters lower-cased here and the router
 * matches exactly (`caseSensitive: true`). The portal's login tokens, the cart service and
 * uploaded files are matched as they are written, as their servers do. {@link restRouteOf} gives
 * the route for path checks, folded the same way.
 */

const WP_PREFIX = '/wp-json';
/** Paths that are not WordPress's to route: their case is kept. */
const CASE_KEPT_PREFIXES = ['/portal/', '/lms/', '/wp-content/'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The raw request fields the rewrite reads and may change. */
export interface RawRequest {
  url?: string;
  method?: string;
  headers: IncomingHttpHeaders;
}

/** `text` with its ASCII letters lower-cased and every other character as it is, as PHP does. */
function foldAsciiCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Whether WordPress routes a path (regardless of ASCII case), rather than another server. */
function isWordPressRouted(path: string): boolean {
  const folded = foldAsciiCase(path);
  return !CASE_KEPT_PREFIXES.some((prefix) => folded.startsWith(prefix));
}

/**
 * A route's pattern as the router is to match it (Fastify's `onRoute`): the words of a route
 * WordPress serves ASCII-folded, as rewriteRequest folds a request's path (`courseList` is
 * matched as `courselist`); its parameters' names and patterns as they are written.
 */
export function routePattern(url: string): string {
  if (!isWordPressRouted(url)) return url;
  return url.replace(
    /(:\w+(?:\([^)]*\))?)|[A-Z]+/g,
    (match, parameter?: string) => parameter ?? match.toLowerCase(),
  );
}

/** The REST route (`/wc/v3/orders`) of a URL under /wp-json, ASCII-folded; else undefined. */
export function restRouteOf(url: string): string | undefined {
  const path = foldAsciiCase(url.split('?')[0] ?? '');
  if (path === WP_PREFIX) return '/';
  return path.startsWith(`${WP_PREFIX}/`) ? path.slice(WP_PREFIX.length) : undefined;
}

/** Whether a URL is under a lower-case route prefix such as `/wc/v3`, in any spelling. */
export function isUnderRoute(url: string, prefix: string): boolean {
  const route = restRouteOf(url);
  return route !== undefined && (route === prefix || route.startsWith(`${prefix}/`));
}

// What a path segment may hold unencoded (RFC 3986 pchar); the rest is encoded again so that the
// router, which decodes once more, reads the segment as it was meant.
function encodeSegment(segment: string): string {
  return segment.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu, (char) => encodeURIComponent(char));
}

/** A decoded path with doubled slashes collapsed and dot segments resolved, then re-encoded. */
export function normalisePath(decoded: string): string {
  const segments: string[] = [];
  const parts = decoded.split('/');
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(part);
  }
  const last = parts[parts.length - 1];
  const trailingSlash = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${segments.map(encodeSegment).join('/')}${trailingSlash ? '/' : ''}`;
}

/** `php_url_decode`: `+` is a space, `%XX` any byte (a malformed `%` stays); read as UTF-8. */
function phpUrlDecode(text: string): string {
  const bytes: number[] = [];
  const raw = Buffer.from(text.replace(/\+/g, ' '), 'latin1');
  for (let i = 0; i < raw.length; i += 1) {
    const hex = raw.subarray(i + 1, i + 3).toString('latin1');
    if (raw[i] === 0x25 && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(raw[i] ?? 0);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The plain (not array) variables PHP sets in $_GET from a query (php-src main/php_variables.c,
 * php_default_treat_data and php_register_variable_ex): pieces split at `&`, name and value
 * percent-decoded, the name cut at its first NUL, leading spaces dropped, spaces and dots before
 * the first `[` made `_`, a `[` without its `]` made `_` (a closed one makes an array, left out
 * here); the last value of a name wins.
 */
function phpQuery(query: string): Map<string, string> {
  const variables = new Map<string, string>();
  for (const piece of query.split('&')) {
    const equals = piece.indexOf('=');
    const decoded = phpUrlDecode(equals < 0 ? piece : piece.slice(0, equals));
    const nul = decoded.indexOf('\0');
    const name = (nul < 0 ? decoded : decoded.slice(0, nul)).replace(/^ +/, '');
    const open = name.indexOf('[');
    const base = (open < 0 ? name : name.slice(0, open)).replace(/[ .]/g, '_');
    if (base === '' || (open >= 0 && name.includes(']', open))) continue;
    const variable = open < 0 ? base : `${base}_${name.slice(open + 1)}`;
    variables.set(variable, equals < 0 ? '' : phpUrlDecode(piece.slice(equals + 1)));
  }
  return variables;
}

function overrideMethod(request: RawRequest, query: Map<string, string>): void {
  if (request.method === 'OPTIONS') return;
  const header = request.headers['x-http-method-override'];
  const wanted = query.get('_method') ?? (Array.isArray(header) ? header[0] : header);
  const method = wanted?.trim().toUpperCase();
  if (method !== undefined && METHODS.has(method)) request.method = method;
}

/**
 * The URL the routes see for a raw request; may change the request's method (see above). A path
 * that cannot be decoded is left as it is, for the router's bad-URL answer.
 */
export function rewriteRequest(request: RawRequest): string {
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const rawPath = queryStart < 0 ? url : url.slice(0, queryStart);
  const search = queryStart < 0 ? '' : url.slice(queryStart);
  const query = phpQuery(search.slice(1));
  const restRoute = query.get('rest_route');
  let path: string;
  if (restRoute !== undefined) {
    path = normalisePath(`${WP_PREFIX}/${restRoute}`);
  } else {
    try {
      path = normalisePath(decodeURIComponent(rawPath));
    } catch {
      return url;
    }
  }
  const rewritten = `${isWordPressRouted(path) ? foldAsciiCase(path) : path}${search}`;
  if (restRouteOf(rewritten) !== undefined) overrideMethod(request, query);
  return rewritten;
}
