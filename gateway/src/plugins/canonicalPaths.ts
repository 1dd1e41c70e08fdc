import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryRefusal } from '../proxy/phpParams';
import { asciiFolders, tableFolders } from '../proxy/routeTable';

/**
 * The first-level folders the gateway decides on: the route table's, and the released remotes'.
 * A different spelling of one of them (`/WP-JSON`) reaches the same place upstream (WordPress
 * matches routes without regard to case), so it is refused rather than routed.
 */
const KNOWN_PREFIXES = [...tableFolders(), 'remotes'];

/** Headers that make WordPress (and other frameworks) treat a request as another method. */
const METHOD_OVERRIDE_HEADERS = ['x-http-method-override', 'x-http-method', 'x-method-override'];

/**
 * The folders whose paths an upstream routes by patterns (WordPress, the cart service, the
 * portal) or the gateway does: their routes are ASCII, and PHP folds ASCII letters only where
 * other code would fold more (U+212A KELVIN SIGN is a `k` to JavaScript's toLowerCase()), so a
 * path with any other character there is refused rather than guessed at.
 */
const ASCII_FOLDERS = asciiFolders();

/** A percent-encoded byte outside ASCII, or a character outside printable ASCII. */
const OUTSIDE_ASCII = /%[89A-Fa-f][0-9A-Fa-f]|[^\x20-\x7e]/;

/** Characters a canonical path never percent-encodes (RFC 3986 unreserved), and the separators. */
const NEVER_ENCODED = /[A-Za-z0-9\-._~/\\%]/;

/** Why a path is not canonical, or undefined when it is. */
function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'The request path must start with "/".';
  if (path.includes('//')) return 'The request path has an empty segment ("//").';
  const hasControl = Array.from({ length: path.length }, (_, i) => path.charCodeAt(i)).some(
    (code) => code < 0x20 || code === 0x7f,
  );
  if (path.includes('\\') || hasControl) {
    return 'The request path has a forbidden character.';
  }
  const encodings = path.match(/%(..)?/g) ?? [];
  for (const encoding of encodings) {
    const hex = encoding.slice(1);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return 'The request path has a malformed %-encoding.';
    const byte = Number.parseInt(hex, 16);
    const char = String.fromCharCode(byte);
    if (byte < 0x20 || byte === 0x7f || (byte < 0x80 && NEVER_ENCODED.test(char))) {
      return `The request path encodes "${encoding}", which a canonical path never does.`;
    }
  }
  const segments = path.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return 'The request path has a dot segment.';
  }
  const first = segments[1] ?? '';
  if (ASCII_FOLDERS.includes(first.toLowerCase()) && OUTSIDE_ASCII.test(path)) {
    return 'The request path has a character outside ASCII, which no route here names.';
  }
  if (first !== first.toLowerCase() && KNOWN_PREFIXES.includes(first.toLowerCase())) {
    return `The request path must start with "/${first.toLowerCase()}".`;
  }
  // REST namespaces are lower case: /wp-json/WC/v3 is the same route as /wp-json/wc/v3.
  if (first === 'wp-json') {
    const namespace = segments.slice(2, 4).join('/');
    if (namespace !== namespace.toLowerCase()) return 'The REST namespace must be lower case.';
  }
  return undefined;
}

/**
 * Checks that a request says plainly what it asks for, before any routing, rate limit or policy
 * reads its path: a canonical path (no dot segments, no encoded `.` `/` `\` or letters, no
 * doubled slashes, known prefixes in their one spelling, only ASCII where a route is matched by
 * pattern: every folder of the table but the uploaded files'), no header that makes WordPress
 * serve another method, and a query the gateway reads as PHP would (proxy/phpParams.ts). Answers
 * the reason to refuse it, or undefined.
 */
export function nonCanonicalReason(
  method: string,
  rawUrl: string,
  headers: IncomingHttpHeaders,
): string | undefined {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const problem = pathProblem(path);
  if (problem) return problem;
  const override = METHOD_OVERRIDE_HEADERS.find((name) => headers[name] !== undefined);
  if (override) return `The ${override} header is not accepted.`;
  return queryRefusal(method, rawUrl);
}

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? url : url.slice(0, queryAt);
}

/**
 * Before anything reads the path: a request that does not say plainly what it asks for is
 * refused, so no routing, rate limit or policy decides on one spelling while WordPress reads
 * another.
 */
export const canonicalPaths = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    app.addHook('onRequest', (request, reply, done) => {
      const reason = nonCanonicalReason(request.method, request.url, request.headers);
      if (reason === undefined) {
        done();
        return;
      }
      void reply
        .code(400)
        .type('application/json; charset=utf-8')
        .send({ code: 'non_canonical_request', message: reason, data: { status: 400 } });
    });
    loaded();
  },
  { name: 'canonical-paths' },
);
