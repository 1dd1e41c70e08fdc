/** Which upstream answers a path: the gateway's one routing table. */
export interface UpstreamRoute {
  prefix: string;
  upstream: 'wordpress' | 'lms' | 'portal';
}

export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = [
  { prefix: '/wp-json', upstream: 'wordpress' },
  // WooCommerce's order-pay page, where checkout hands the browser over.
  { prefix: '/checkout', upstream: 'wordpress' },
  // Media the content links to.
  { prefix: '/wp-content/uploads', upstream: 'wordpress' },
  { prefix: '/lms/api/v1/item', upstream: 'lms' },
  // The sample learner dashboard, served only when no PORTAL_URL is configured.
  { prefix: '/portal', upstream: 'portal' },
];

export const WOOCOMMERCE_PREFIX = '/wp-json/wc/v3/';

/**
 * The query string sent upstream: any WooCommerce key the client sent is dropped, and on
 * WooCommerce routes the gateway's own credentials are added.
 */
export function upstreamQuery(url: string, credentials: { key: string; secret: string }): string {
  const parsed = new URL(url, 'http://gateway.invalid');
  const params = parsed.searchParams;
  params.delete('consumer_key');
  params.delete('consumer_secret');
  if (parsed.pathname.startsWith(WOOCOMMERCE_PREFIX)) {
    params.set('consumer_key', credentials.key);
    params.set('consumer_secret', credentials.secret);
  }
  return params.toString();
}
