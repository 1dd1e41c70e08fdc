/**
 * The gateway reads a query string or form body that goes to PHP (WordPress, WooCommerce, the
 * portal) itself, refuses any name PHP would read another way, and sends upstream only what it
 * decided, written out again: never the bytes it received.
 *
 * How PHP reads them (php-src, PHP 8.2, main/php_variables.c: `php_default_treat_data` for the
 * query, `php_std_post_handler` for an application/x-www-form-urlencoded body, both handing each
 * pair to `php_register_variable_ex`):
 *
 * 1. The text is split at every character of `arg_separator.input` (`&` unless a server sets
 *    more, e.g. `;`); an empty piece is skipped.
 * 2. A piece is split at its first `=` into a name and a value (no `=`: the value is empty).
 * 3. Both are percent-decoded by `php_url_decode`: `+` is a space and `%XX` any byte (NUL
 *    included); a malformed `%` stays as it is. So `%72est_route` is `rest_route`.
 * 4. The name is then read as a C string: it ends at its first NUL byte (`rest_route%00x` is
 *    `rest_route`).
 * 5. Leading spaces are dropped (`%20rest_route`).
 * 6. Up to the first `[`, every space and `.` becomes `_` (`rest.route`, `rest+route`).
 * 7. A `[` starts an array key up to the next `]` (`rest_route[]` is an array named
 *    `rest_route`); a `[` without its `]` becomes `_` and the rest of the name is kept as it is
 *    (`rest[route` is `rest_route`).
 * 8. An empty name is dropped; a name given again replaces the earlier value (the last wins);
 *    after `max_input_vars` (1000) pairs nothing more is read.
 * 9. Names are case-sensitive; WordPress reads `rest_route` (from $_GET, and from $_POST through
 *    `WP::parse_request`), `_method`, `_jsonp` and `_envelope` (`WP_REST_Server::serve_request`)
 *    on any URL it serves, to serve another route, method or wrapping.
 *
 * So the gateway takes only names PHP reads exactly as written: ASCII letters, digits, `_` and
 * `-`, never percent-encoded; values percent-encoded UTF-8 in printable ASCII; each name a route
 * lists once; no steering name in any spelling or case. What it allows is written out again with
 * URLSearchParams, which PHP reads back to the same names and values.
 */

import { paramsOf, routeOf } from './routeTable';

/** Names WordPress reads on any URL to serve another route, method or wrapping (rule 9). */
const STEERING_NAMES = ['rest_route', '_method', '_jsonp', '_envelope'];

/** A name PHP reads as it is written (rules 3 to 7 change nothing in it). */
const PLAIN_NAME = /^[A-Za-z0-9_-]+$/;

/** A piece of a query or form as browsers write them: printable ASCII, spaces as `+` or `%20`. */
const PRINTABLE = /^[\x21-\x7e]*$/;

/** How a name is shown in a refusal: as sent, shortened; its value is never shown. */
function shown(name: string): string {
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
}

/** `php_url_decode` (rule 3), on a string of bytes (each character one byte, as Node reads a URL). */
function phpUrlDecode(text: string): string {
  return text
    .replace(/\+/g, ' ')
    .replace(/%([0-9A-Fa-f]{2})/g, (_encoded, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

/**
 * The name PHP gives a raw name from a query or form (rules 3 to 7): the variable it sets, or the
 * array it adds to.
 */
export function phpName(raw: string): string {
  const decoded = phpUrlDecode(raw);
  const nul = decoded.indexOf('\0');
  const name = (nul < 0 ? decoded : decoded.slice(0, nul)).replace(/^ +/, '');
  const open = name.indexOf('[');
  const base = (open < 0 ? name : name.slice(0, open)).replace(/[ .]/g, '_');
  if (open < 0 || name.includes(']', open)) return base;
  return `${base}_${name.slice(open + 1)}`;
}

/** A name PHP would read as one that steers WordPress, in any case. */
function isSteering(raw: string): boolean {
  return STEERING_NAMES.includes(phpName(raw).toLowerCase());
}

/** The raw pieces of a query or form: each name as sent, and its value (undefined: no `=`). */
function pieces(text: string): { name: string; value: string | undefined }[] {
  return text
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const equals = piece.indexOf('=');
      return equals < 0
        ? { name: piece, value: undefined }
        : { name: piece.slice(0, equals), value: piece.slice(equals + 1) };
    });
}

/** What the gateway read of a query or form: the pairs it allows, or why it refuses it. */
type PhpReading = { pairs: [string, string][] } | { refusal: string };

export interface ReadingRules {
  /** The names the route takes. */
  allowed: readonly string[];
  /** A well-formed name the route does not take: dropped (a query's), or refused (a form's). */
  unlisted: 'drop' | 'refuse';
  /** What a name is called in a refusal. */
  noun: 'parameter' | 'field';
}

/**
 * Reads a query string (without its `?`) or a form body as the gateway decides on it: the pairs
 * of the names `rules.allowed` lists, in order of name, each value decoded; or a refusal naming
 * the first name PHP would read otherwise, a steering name, a value that is not percent-encoded
 * UTF-8, or a listed name given twice. A refusal never holds a value.
 */
export function readPhpParams(text: string, rules: ReadingRules): PhpReading {
  const taken = new Map<string, string>();
  for (const { name, value } of pieces(text)) {
    const what = `The ${rules.noun} ${shown(name)}`;
    if (!PLAIN_NAME.test(name)) {
      return {
        refusal: `${what} is not accepted: a name has only letters, digits, "_" and "-", as it is sent.`,
      };
    }
    if (isSteering(name)) return { refusal: `${what} is not accepted.` };
    if (!rules.allowed.includes(name)) {
      if (rules.unlisted === 'refuse') return { refusal: `${what} is not accepted here.` };
      continue;
    }
    if (taken.has(name)) return { refusal: `${what} is given more than once.` };
    let decoded: string;
    try {
      if (value !== undefined && !PRINTABLE.test(value)) throw new URIError();
      decoded = decodeURIComponent((value ?? '').replace(/\+/g, ' '));
    } catch {
      return { refusal: `${what} has a value that is not percent-encoded UTF-8.` };
    }
    taken.set(name, decoded);
  }
  return { pairs: [...taken].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) };
}

/** The pairs written out as PHP reads them back: `name=value&…`, percent-encoded. */
export function phpParamsText(pairs: readonly [string, string][]): string {
  return new URLSearchParams([...pairs]).toString();
}

/**
 * Why a query that goes nowhere near PHP is refused anyway: a name any PHP behind the storefront
 * would read as one that steers WordPress (`/?rest[route=`), in any spelling.
 */
function steeringRefusal(query: string): string | undefined {
  const steering = pieces(query).find(({ name }) => isSteering(name));
  return steering === undefined
    ? undefined
    : `The parameter ${shown(steering.name)} is not accepted.`;
}

/**
 * The gateway's reading of a request's query where PHP answers it (a `php` folder of the route
 * table): the parameters its route lists; undefined where PHP does not.
 */
export function phpQueryOf(method: string, url: string): PhpReading | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!routeOf(method, path)?.folder.php) return undefined;
  return readPhpParams(queryAt < 0 ? '' : url.slice(queryAt + 1), {
    allowed: paramsOf(method, path) ?? [],
    unlisted: 'drop',
    noun: 'parameter',
  });
}

/**
 * Why a request's query is refused, before anything reads it: where PHP answers, any name PHP
 * would read otherwise, a steering name, a bad value or a listed name twice; elsewhere a steering
 * name in any spelling. Undefined when it is taken.
 */
export function queryRefusal(method: string, url: string): string | undefined {
  const reading = phpQueryOf(method, url);
  if (reading) return 'refusal' in reading ? reading.refusal : undefined;
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? undefined : steeringRefusal(url.slice(queryAt + 1));
}
