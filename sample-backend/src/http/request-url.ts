import type { IncomingHttpHeaders } from 'node:http';

/**
 * What a real web server and WordPress make of a request before any route sees it, done once for
 * every request (Fastify's `rewriteUrl`):
 *
 * - the path is percent-decoded (`%2F` included), doubled slashes are collapsed and `.` / `..`
 *   segments resolved, as the web server does;
 * - a `rest_route` query parameter, on any path, names the REST route to serve, as WordPress's
 *   query var does (`/?rest_route=/wc/v3/orders` is `/wp-json/wc/v3/orders`);
 * - on a REST route, `?_method=` or else the `X-HTTP-Method-Override` header replaces the
 *   request method, as `WP_REST_Server::serve_request` does (a CORS preflight is left alone).
 *
 * REST routes are matched case-insensitively, as WordPress matches them (the router's
 * `caseSensitive: false`); {@link restRouteOf} gives the lower-cased route for path checks.
 */

const WP_PREFIX = '/wp-json';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The raw request fields the rewrite reads and may change. */
export interface RawRequest {
  url?: string;
  method?: string;
  headers: IncomingHttpHeaders;
}

/** The REST route (`/wc/v3/orders`) of a URL under /wp-json, lower-cased; else undefined. */
export function restRouteOf(url: string): string | undefined {
  const path = (url.split('?')[0] ?? '').toLowerCase();
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

function overrideMethod(request: RawRequest, query: URLSearchParams): void {
  if (request.method === 'OPTIONS') return;
  const header = request.headers['x-http-method-override'];
  const wanted = query.getAll('_method').at(-1) ?? (Array.isArray(header) ? header[0] : header);
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
  const query = new URLSearchParams(search);
  // PHP keeps the last of repeated parameters.
  const restRoute = query.getAll('rest_route').at(-1);
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
  const rewritten = `${path}${search}`;
  if (restRouteOf(rewritten) !== undefined) overrideMethod(request, query);
  return rewritten;
}
