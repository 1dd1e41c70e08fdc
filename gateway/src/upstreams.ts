/** Which upstream answers a path: the gateway's one routing table. */
export interface UpstreamRoute {
  prefix: string;
  upstream: 'wordpress' | 'lms' | 'portal';
  /** The methods passed on; every method when unset. */
  methods?: readonly string[];
}

export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = [
  // WordPress's content and the site's own routes; never WooCommerce (see commerce/).
  { prefix: '/wp-json', upstream: 'wordpress' },
  // WooCommerce's order-pay page, where checkout hands the browser over, and the one form it
  // posts (to pay or cancel; checkoutForm.ts). Its return page is the storefront's own (below).
  { prefix: '/checkout', upstream: 'wordpress', methods: ['GET', 'HEAD', 'POST'] },
  // Media the content links to.
  { prefix: '/wp-content/uploads', upstream: 'wordpress' },
  { prefix: '/lms/api/v1/item', upstream: 'lms' },
  // The sample learner dashboard, served only when no PORTAL_URL is configured.
  { prefix: '/portal', upstream: 'portal' },
];

/**
 * Pages under an upstream's prefix that the storefront shows itself, never proxied: the order
 * received page WooCommerce sends the shopper to after paying (`/checkout/order-received/{id}/`),
 * which reads the order through the commerce API and settles the cart.
 */
export const OWN_PAGES = [
  { prefix: '/checkout/order-received', page: /^\/checkout\/order-received\/[1-9]\d{0,9}\/?$/ },
] as const;

/** Whether a path is under one of {@link OWN_PAGES}' prefixes. */
export function isUnderOwnPage(path: string): boolean {
  return OWN_PAGES.some(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
}

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
