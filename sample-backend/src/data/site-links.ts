import { CANONICAL_SITE_URL, PUBLIC_SITE_URL } from '../config';
import { decodeEntities } from '../domain/text';
import type { Problem } from './consistency';
import type { MenuItem, RawData } from './files';
import type { SampleData } from './load';

/**
 * No link a visitor can click leads nowhere: every link in the content (menu, footer, banners,
 * partners, page, post and course HTML) that points at the site itself resolves to a course, an
 * event, a location, a post or a page, and no link points at a host or mail domain that can
 * never resolve (`.test`, `.example`, `.invalid`, `.localhost`).
 */

/** Names reserved by RFC 2606 and RFC 6761: they never resolve on the internet. */
const RESERVED_NAME = /(^|\.)(test|example|invalid|localhost)\.?$/i;

/** Routes the storefront draws itself, not WordPress pages: a link to one always resolves. */
const STOREFRONT_ROUTES = new Set([
  '/',
  '/login',
  '/signup',
  '/forgotpass',
  '/cart',
  '/search',
  '/blogs',
  '/acceptable-use-policy',
]);

const HREF = /\bhref\s*=\s*"([^"]*)"/gi;

function hrefs(html: string): string[] {
  return [...html.matchAll(HREF)].map((match) => match[1] ?? '');
}

function menuUrls(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.url, ...menuUrls(item.items ?? [])]);
}

/** The links of each data file that a visitor can follow. */
function linksByFile(data: SampleData): [keyof RawData, string[]][] {
  return [
    ['menu', menuUrls(data.menu)],
    ['footer', hrefs(data.footer.html)],
    ['banners', data.banners.flatMap((banner) => [banner.cta.url, ...hrefs(banner.subtitle)])],
    ['promotionalBanner', [data.promotionalBanner.promotional_link.url]],
    ['partners', data.partners.map((partner) => partner.url).filter((url) => url !== '')],
    ['infoPages', Object.values(data.infoPages).flatMap((page) => hrefs(page.content))],
    ['pages', data.pages.flatMap((page) => hrefs(page.content.rendered + page.excerpt.rendered))],
    ['posts', data.posts.flatMap((post) => hrefs(post.content.rendered + post.excerpt.rendered))],
    ['courses', data.courses.flatMap((course) => hrefs(course.content + course.excerpt))],
    ['locations', data.locations.flatMap((location) => hrefs(location.content))],
    [
      'imageSections',
      Object.values(data.imageSections)
        .flat()
        .flatMap((s) => hrefs(s.text)),
    ],
    ['newsletterForm', hrefs(data.newsletterForm.html)],
  ];
}

/** Each page's path as WordPress serves it: its ancestors' slugs, then its own. */
function pagePaths(data: SampleData, problem: Problem): Map<string, number> {
  const paths = new Map<string, number>();
  for (const page of data.pages) {
    const slugs = [page.slug];
    for (let parent = page.parent; parent !== 0;) {
      const ancestor = data.pagesById.get(parent);
      if (!ancestor || slugs.length > data.pages.length) {
        throw problem('pages', `page ${String(page.id)}: parent ${String(parent)} is no page`);
      }
      slugs.unshift(ancestor.slug);
      parent = ancestor.parent;
    }
    const path = `/${slugs.join('/')}`;
    if (page.link !== `${CANONICAL_SITE_URL}${path}/`) {
      throw problem('pages', `page ${String(page.id)}: link must be ${CANONICAL_SITE_URL}${path}/`);
    }
    paths.set(path, page.id);
  }
  return paths;
}

/** Whether the storefront can show a path of the site (see {@link PUBLIC_SITE_URL}). */
function resolves(pathname: string, data: SampleData, pages: Map<string, number>): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (STOREFRONT_ROUTES.has(path) || pages.has(path)) return true;
  const [section, item, ...rest] = path.split('/').slice(1);
  if (rest.length > 0) return false;
  switch (section) {
    case 'courses':
      return item === undefined || data.courses.some((course) => course.slug === item);
    case 'events':
      return item === undefined || data.events.some((event) => event.slug === item);
    case 'blog':
    case 'blogs':
      return item === undefined || data.posts.some((post) => post.slug === item);
    case 'locations':
      return data.locations.some((location) => String(location.id) === item);
    default:
      return false;
  }
}

/** Why a link leads nowhere, or undefined when it leads somewhere. */
function deadEnd(link: string, data: SampleData, pages: Map<string, number>): string | undefined {
  const url = decodeEntities(link.trim());
  if (url.startsWith('#')) return undefined;
  const mailDomain = /^mailto:[^@?]*@([^?]+)/i.exec(url)?.[1];
  if (mailDomain !== undefined) {
    return RESERVED_NAME.test(mailDomain) ? `mails ${mailDomain}, which never resolves` : undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(url, PUBLIC_SITE_URL);
  } catch {
    return 'is not a URL';
  }
  // Script URLs are the sanitizer's business (posts carry some on purpose); tel: and the like
  // lead somewhere.
  if (!/^https?:$/.test(parsed.protocol)) return undefined;
  if (parsed.origin !== PUBLIC_SITE_URL && parsed.origin !== CANONICAL_SITE_URL) {
    return RESERVED_NAME.test(parsed.hostname)
      ? `leads to ${parsed.hostname}, which never resolves`
      : undefined;
  }
  return resolves(parsed.pathname, data, pages)
    ? undefined
    : 'is no course, event, location, post, page or storefront route';
}

/** Throws the first link of the content that leads nowhere. */
export function checkSiteLinks(data: SampleData, problem: Problem): void {
  const pages = pagePaths(data, problem);
  for (const [key, links] of linksByFile(data)) {
    for (const link of links) {
      const reason = deadEnd(link, data, pages);
      if (reason !== undefined) throw problem(key, `the link ${link} ${reason}`);
    }
  }
}
