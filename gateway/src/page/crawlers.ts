import type { FastifyInstance } from 'fastify';
import type { PageContract } from 'shared-store/server';
import { ROUTE_TABLE, type Folder } from '../proxy/routeTable';
import { SITEMAP_CACHE_CONTROL, type Sitemap } from './sitemap';

/**
 * What the storefront tells search engines and other crawlers: robots.txt (the site is open to
 * them but for the account, cart and order pages; where the sitemap is) and the sitemap itself.
 */

/**
 * The account forms: a search result that opens a password form helps nobody, though a link to
 * one that is shared still previews with its own title and description.
 */
const ACCOUNT_FORMS = ['/login', '/signup'];

/** How long robots.txt may be kept: it changes with the gateway's configuration only. */
const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';

/** A route's address up to its first parameter (`/checkout/order-received/` for an order's). */
function addressPrefix(route: string): string {
  const parameter = route.indexOf('/:');
  return parameter < 0 ? route : route.slice(0, parameter + 1);
}

/**
 * The path prefixes crawlers are kept out of: the routes whose head keeps them out of search
 * engines (`noindex`: the cart, the password reset, search results, an order, My courses), the
 * account forms, and the folders of pages an upstream draws about one person (the payment pages
 * under /checkout, the learner dashboard). Each prefix once, none under another.
 */
export function disallowedPaths(
  contract: PageContract,
  table: readonly Folder[] = ROUTE_TABLE,
): string[] {
  const prefixes = [
    ...contract.routes
      .filter((route) => route.path !== '*' && contract.heads[route.path]?.noindex === true)
      .map((route) => addressPrefix(route.path)),
    ...ACCOUNT_FORMS,
    ...table
      .filter((folder) => folder.under?.private === true && folder.under.upstreamPage === true)
      .map((folder) => `${folder.prefix}/`),
  ];
  return [...new Set(prefixes)]
    .filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other)))
    .sort();
}

/** Whether robots.txt keeps crawlers out of a path (as crawlers read it: by its beginning). */
export function isDisallowed(path: string, disallowed: readonly string[]): boolean {
  return disallowed.some((prefix) => path.startsWith(prefix));
}

/** robots.txt: every crawler may read the site but the `disallowed` paths; where the sitemap is. */
export function robotsTxt(disallowed: readonly string[], publicUrl: URL): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
    '',
  ].join('\n');
}

/**
 * Serves /robots.txt and /sitemap.xml; both name the storefront by its configured public address,
 * never by the request's Host.
 */
export function registerCrawlerFiles(
  app: FastifyInstance,
  { robots, sitemap }: { robots: string; sitemap: Sitemap },
): void {
  app.get('/robots.txt', (_request, reply) =>
    reply
      .header('Cache-Control', ROBOTS_CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(robots),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .header('Cache-Control', SITEMAP_CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(await sitemap.xml()),
  );
}
