import { readPublicConfig } from './publicConfig';
import { safeUrl } from './url';

/** Where a backend link leads: a path of the storefront (for the router), or another site. */
export interface LinkTarget {
  to: string;
  external: boolean;
}

/**
 * The query parameter of /courses that names a course to open: the courses page (the home
 * remote's) opens that course's page in its place, or says it is no longer on sale.
 */
export const COURSE_ID_PARAM = 'course';

/**
 * Where a course is bought by its WordPress id (a learner's expired course, which knows no slug):
 * the courses page, which opens it; the courses page itself without an id.
 */
export function courseByIdPath(id: number | null): string {
  return id === null ? '/courses' : `/courses?${COURSE_ID_PARAM}=${String(id)}`;
}

/**
 * The storefront's page of a course or an event by its slug (the shop's cards and the cart's lines
 * link there); none for one without a slug.
 */
export const coursePath = (slug: string) => (slug ? `/courses/${encodeURIComponent(slug)}` : '');
export const eventPath = (slug: string) => (slug ? `/events/${encodeURIComponent(slug)}` : '');

/** The WordPress site's blog is under /blog; the storefront's under /blogs, where its links go. */
const BLOG = /^\/blog(?=\/|$)/;

/**
 * The storefront's path for a path of the WordPress site: the same route without its trailing
 * slash (`/courses/x/` is `/courses/x`), the blog's under /blogs; query and fragment are kept.
 */
export function storefrontPath(pathname: string, rest = ''): string {
  const path = pathname.replace(BLOG, '/blogs').replace(/(.)\/+$/, '$1');
  return path + rest;
}

/** The page's own address; on a server (the gateway's sanitizer), a stand-in no link names. */
function pageAddress(): string {
  return typeof location === 'undefined' ? 'http://localhost/' : location.href;
}

/** The WordPress site's origin the page was given; none where there is no page (server render). */
function wordpressOrigin(): string {
  return typeof document === 'undefined' ? '' : readPublicConfig().wordpressUrl;
}

/**
 * Where a link from the backend goes. Links to the WordPress site's own host (the gateway's
 * `wordpressUrl`) or to this site become storefront routes; other http(s), mailto and tel links
 * stay as they are; a script or malformed URL gives null: shown as text, never as a link.
 */
export function linkTarget(
  url: unknown,
  wordpressUrl = wordpressOrigin(),
  siteUrl = pageAddress(),
): LinkTarget | null {
  const safe = safeUrl(url);
  if (safe === '#') return url === '#' ? { to: '#', external: false } : null;
  if (safe.startsWith('#') || safe.startsWith('?')) return { to: safe, external: false };
  let parsed: URL;
  let here: URL;
  try {
    here = new URL(siteUrl);
    parsed = new URL(safe, here);
  } catch {
    return null;
  }
  const own = parsed.origin === here.origin || parsed.origin === wordpressUrl;
  if (!own || !/^https?:$/.test(parsed.protocol)) return { to: safe, external: true };
  return { to: storefrontPath(parsed.pathname, parsed.search + parsed.hash), external: false };
}
