/**
 * How the gateway talks to its upstreams: what it tells them, which query parameters and headers
 * pass each way. Which paths go to which upstream, and on what conditions, is the route table's
 * (routeTable.ts).
 */

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

/** The query string sent upstream: the client's own, without any credentials it named. */
export function upstreamQuery(url: string): string {
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
