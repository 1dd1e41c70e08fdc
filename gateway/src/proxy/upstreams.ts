/**
 * How the gateway talks to its upstreams: what it tells them, which query parameters and headers
 * pass each way. Which paths go to which upstream, and on what conditions, is the route table's
 * (routeTable.ts).
 */

import { pathOf } from '../plugins/canonicalPaths';
import { fieldsOf, paramsOf } from './routeTable';

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
 * The query string sent upstream for a request. On a route that lists its parameters (every
 * route under /wp-json): those the request names, in order of name, each with the last value it
 * gave (the one PHP reads), and nothing else but the fields the route asks for (`_fields`); so a
 * kept answer's key (the URL asked) says exactly what WordPress was asked. Elsewhere: the client's own, without any credentials it named.
 */
export function upstreamQuery(method: string, url: string): string {
  const params = new URL(url, 'http://gateway.invalid').searchParams;
  const listed = paramsOf(method, pathOf(url));
  if (listed) {
    const asked = new URLSearchParams();
    for (const name of [...listed].sort()) {
      const value = params.getAll(name).at(-1);
      if (value !== undefined) asked.set(name, value);
    }
    const fields = fieldsOf(method, pathOf(url));
    if (fields && !fields.unless.some((name) => asked.has(name))) {
      asked.set('_fields', fields.names.join(','));
      asked.sort();
    }
    return asked.toString();
  }
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
