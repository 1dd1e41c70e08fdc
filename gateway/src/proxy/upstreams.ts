/**
 * How the gateway talks to its upstreams: what it tells them, which query parameters and headers
 * pass each way. Which paths go to which upstream, and on what conditions, is the route table's
 * (routeTable.ts).
 */

import { pathOf } from '../plugins/canonicalPaths';
import { phpQueryOf } from './phpParams';
import { fieldsOf } from './routeTable';

/**
 * How WordPress learns the storefront's address: always the configured public one, so the links
 * it builds never name a host a request made up.
 */
export function publicForwarding(publicUrl: URL): Record<string, string> {
  return {
    'x-forwarded-host': publicUrl.host,
    'x-forwarded-proto': publicUrl.protocol.slice(0, -1),
  };
}

/** Query parameters that name WooCommerce credentials: never passed on, whoever sends them. */
const CREDENTIAL_PARAMS = ['consumer_key', 'consumer_secret', 'oauth_consumer_key'];

/**
 * The query string sent upstream for a request. Where PHP answers (every route of WordPress and
 * the portal): the parameters its route lists that the request names, as the gateway read them
 * (phpParams.ts), in order of name and written out again, and nothing else but the fields the
 * route asks for (`_fields`); so a kept answer's key (the URL asked) says exactly what WordPress
 * was asked. Elsewhere (the cart service): the client's own, without any credentials it named.
 */
export function upstreamQuery(method: string, url: string): string {
  const reading = phpQueryOf(method, url);
  if (reading) {
    // A query the gateway refuses never gets here (canonicalPaths): nothing of it is asked.
    const asked = new URLSearchParams('pairs' in reading ? reading.pairs : []);
    const fields = fieldsOf(method, pathOf(url));
    if (fields && !fields.unless.some((name) => asked.has(name))) {
      asked.set('_fields', fields.names.join(','));
      asked.sort();
    }
    return asked.toString();
  }
  const params = new URL(url, 'http://gateway.invalid').searchParams;
  for (const name of [...params.keys()]) {
    if (CREDENTIAL_PARAMS.includes(name.toLowerCase())) params.delete(name);
  }
  return params.toString();
}

/** Request headers passed to an upstream; everything else a browser sends stays here. */
export const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'if-none-match',
  'if-modified-since',
  'user-agent',
];

/** Upstream answer headers passed to the browser; WordPress's others (Link, CORS, cookies) are not. */
export const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-language',
  'cache-control',
  'etag',
  'last-modified',
  'location',
  'retry-after',
  'x-wp-total',
  'x-wp-totalpages',
];
