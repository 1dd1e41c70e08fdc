import { HOME_PAGE_ID, routeOf, type HeadRead, type PageContract } from 'shared-store/server';
import { pathOf } from '../plugins/canonicalPaths';
import { cacheTtlOf } from '../proxy/routeTable';
import type { WordPressReads } from '../proxy/wordpressReads';
import { escapeHtml } from './htmlText';
import { isPageAddress } from './pageAddresses';
import { isSlug, isWordPressId } from './servedHeads';
import type { AnswerJson } from './wordpressAnswers';

const WP = '/wp-json/wp/v2';

/** The course list the course pages read; the events, with their centres, the event pages read. */
const COURSES = `${WP}/courseList`;
const EVENTS = `${WP}/products-with-ticket`;
/** The header's menu, which every page reads: its links name the centres. */
const MENU = `${WP}/menu_home`;
/** The blog's list as its page reads it (the same URL: the same kept answer), page by page. */
const POSTS = `${WP}/posts/?per_page=100`;
/** Every WordPress page, page by page (the route table asks for the fields a sitemap needs). */
const WORDPRESS_PAGES = `${WP}/pages`;
const PAGES = `${WORDPRESS_PAGES}?per_page=100`;
/** A centre's page, as the location page reads it. */
const centre = (id: string) => `${WP}/page-details/location-${id}`;

/**
 * The most pages of 100 read of the posts and of the WordPress pages (1,000 of each), the most
 * centres looked up, and how deep a WordPress page is nested at most: a sitemap costs a bounded
 * number of reads and steps, however WordPress answers.
 */
const MAX_LIST_PAGES = 10;
const MAX_CENTRES = 50;
const MAX_NESTING = 10;
/** The most addresses one sitemap file may hold (sitemaps.org). */
const MAX_URLS = 50_000;

/** How long a search engine or the edge may keep the sitemap: its reads are kept a minute. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=60';

/** A WordPress entry's fields; anything that is not an object has none. */
type Fields = Partial<Record<string, unknown>>;
const fieldsOf = (entry: unknown): Fields =>
  typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry : {};

/** A WordPress date field a `lastmod` may come from. */
type DateField = 'modified_gmt' | 'modified' | 'date';
/** A post's or a page's last change: WordPress's own dates, its publication last. */
const PAGE_DATES: readonly DateField[] = ['modified_gmt', 'modified', 'date'];
/** A course's or an event's: a change date only (an event's `date` is the day it takes place). */
const CHANGE_DATES: readonly DateField[] = ['modified_gmt', 'modified'];

/** WordPress's dates: `2024-11-04T09:00:00`, in UTC for `*_gmt`, else in the site's time zone. */
const WORDPRESS_DATE = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}$/;

/**
 * The entry's last change for `lastmod`, from the first of `fields` that is a real date: in UTC
 * with its time (`modified_gmt`), else its day alone (the site's time zone is not said).
 */
function lastmodOf(entry: Fields, fields: readonly DateField[]): string | undefined {
  for (const field of fields) {
    const value = entry[field];
    if (typeof value !== 'string') continue;
    const day = WORDPRESS_DATE.exec(value)?.[1];
    const at = new Date(`${value}Z`);
    if (day === undefined || Number.isNaN(at.getTime())) continue;
    if (at.toISOString().slice(0, 19) !== value) continue;
    return field === 'modified_gmt' ? `${value}Z` : day;
  }
  return undefined;
}

/** The parts of the sitemap read from WordPress: a part that cannot be read is left out. */
type Part =
  'courses' | 'events' | 'the centres the menu links to' | 'a centre' | 'posts' | 'WordPress pages';

export interface SitemapDeps {
  contract: PageContract;
  /** The proxy's reads of WordPress, through its cache (the pages read the same). */
  wordpress: WordPressReads;
  json: AnswerJson;
  /** The storefront's public address: every address listed is on it. */
  publicUrl: URL;
  /** The WordPress site's public origin: its links (the menu's) are the storefront's own. */
  wordpressOrigin: string;
  /** Whether robots.txt keeps crawlers out of a path: such a page is never listed. */
  disallowed: (path: string) => boolean;
  warn: (message: string) => void;
}

/**
 * The storefront's sitemap (sitemaps.org 0.9): the routes of the page contract that are pages of
 * their own (the home page, the lists, the legal pages; none kept out of search engines or
 * crawls), each course, event and centre, the blog's posts and the WordPress pages the storefront
 * shows at their own address, each with the date WordPress last changed it where it says so. Read
 * from WordPress through the proxy's cache as the pages themselves are (crawlers asking again and
 * again make no more upstream reads than a visitor), asking for the fields it needs only. Every
 * address is the storefront's, on the public origin, built from a slug or an id its route
 * accepts. A read that fails or answers something else than what was asked leaves its part out
 * (logged once, until it is read again); the rest is served.
 */
export function createSitemap(deps: SitemapDeps) {
  const { contract } = deps;
  /** The reads that failed last time: logged when they start failing, not at each request. */
  const failing = new Set<string>();

  /**
   * The JSON of a read's 200 answer that `usable` accepts, with its count of pages (WordPress's
   * `X-WP-TotalPages`); undefined when there is none.
   */
  async function read(
    part: Part,
    url: string,
    usable: (json: unknown) => boolean,
  ): Promise<{ json: unknown; pages: number } | undefined> {
    // A read that throws (the cache unusable) is one that did not answer.
    const answer = await deps.wordpress.read(url, cacheTtlOf(pathOf(url))).catch(() => undefined);
    const body = answer?.status === 200 ? deps.json(answer.body) : undefined;
    if (answer && body && usable(body.json)) {
      failing.delete(url);
      const pages = Number(answer.headers['x-wp-totalpages'] ?? '1');
      return { json: body.json, pages: Number.isInteger(pages) && pages > 0 ? pages : 1 };
    }
    if (!failing.has(url)) {
      failing.add(url);
      const answered = !answer
        ? 'did not answer'
        : answer.status !== 200
          ? `answered ${String(answer.status)}`
          : body
            ? 'answered something else'
            : 'answered no JSON';
      deps.warn(`The sitemap leaves out ${part}: WordPress ${answered} for ${url}.`);
    }
    return undefined;
  }

  /** A list's entries, and its count of pages; none when it cannot be read. */
  async function list(part: Part, url: string): Promise<{ entries: Fields[]; pages: number }> {
    const answer = await read(part, url, Array.isArray);
    return {
      entries: Array.isArray(answer?.json) ? answer.json.map(fieldsOf) : [],
      pages: answer?.pages ?? 1,
    };
  }

  /** Every entry of a list WordPress gives page by page (at most MAX_LIST_PAGES of them). */
  async function everyPage(part: Part, url: string): Promise<Fields[]> {
    const first = await list(part, url);
    const more = Array.from({ length: Math.min(first.pages, MAX_LIST_PAGES) - 1 }, (_, index) =>
      list(part, `${url}&page=${String(index + 2)}`),
    );
    return [first, ...(await Promise.all(more))].flatMap((answer) => answer.entries);
  }

  /** The route of the pages about one kind of thing (`/courses/:slug`): the contract's heads say. */
  const routeAbout = (about: HeadRead) =>
    Object.entries(contract.heads).find(([, head]) => head.read === about)?.[0];

  /**
   * The address of the page about `segment` (a slug; a centre's id), when its route accepts it
   * as the page's own read does and the address shows that route.
   */
  function addressAbout(about: HeadRead, segment: unknown): string | undefined {
    const route = routeAbout(about);
    // A centre's id is a number in WordPress's answers; a slug is always text.
    const centre = about === 'location';
    const text = centre && typeof segment === 'number' ? String(segment) : segment;
    if (route === undefined || typeof text !== 'string') return undefined;
    if (!(centre ? isWordPressId(text) : isSlug(text))) return undefined;
    const address = route.replace(/:[^/]+$/, encodeURIComponent(text));
    return routeOf(contract, address)?.path === route ? address : undefined;
  }

  /**
   * The centres the storefront links to: WordPress has no list of them, so they are the centres
   * of the events (`location_id`) and those the menu links to (`/locations/{id}/` on the
   * WordPress site or the storefront), at most MAX_CENTRES.
   */
  function centreIds(events: readonly Fields[], menu: unknown): string[] {
    const ids = new Set<string>();
    const idOf = (address: string | undefined) => address?.slice(address.lastIndexOf('/') + 1);
    for (const event of events) {
      const id = idOf(addressAbout('location', event.location_id));
      if (id) ids.add(id);
    }
    const own = [deps.publicUrl.origin, deps.wordpressOrigin];
    const follow = (node: unknown, depth: number): void => {
      if (depth > MAX_NESTING || typeof node !== 'object' || node === null) return;
      for (const value of Object.values(node)) follow(value, depth + 1);
      const { url } = fieldsOf(node);
      if (typeof url !== 'string' || !URL.canParse(url)) return;
      const link = new URL(url);
      if (!own.includes(link.origin)) return;
      const path = link.pathname.replace(/(.)\/+$/, '$1');
      const id = idOf(path) ?? '';
      if (addressAbout('location', id) === path) ids.add(id);
    };
    follow(menu, 0);
    return [...ids].slice(0, MAX_CENTRES);
  }

  /**
   * The addresses of the centres that exist: each read as its page reads it, there when WordPress
   * answers with an entry (an object with its id; what the page shows of it is the page's).
   */
  async function centres(ids: readonly string[]): Promise<string[]> {
    const found = await Promise.all(
      ids.map(async (id) =>
        (await read('a centre', centre(id), (json) => typeof fieldsOf(json).id === 'number'))
          ? addressAbout('location', id)
          : undefined,
      ),
    );
    return found.filter((address) => address !== undefined);
  }

  /**
   * Where the storefront shows each WordPress page, with its last change: the home page's is
   * `/`; a page a route of the contract reads by its slug (the legal pages, contact) is at that
   * route; any other at its own address, where the route `*` shows it (by its last segment): its
   * parents' slugs and its own, as WordPress nests it, as far as its parents are in the list.
   */
  function wordpressPages(pages: readonly Fields[]): { path: string; lastmod?: string }[] {
    const byId = new Map<number, Fields>();
    for (const page of pages) {
      if (typeof page.id === 'number') byId.set(page.id, page);
    }
    const parentOf = (page: Fields) =>
      typeof page.parent === 'number' && page.parent > 0 ? byId.get(page.parent) : undefined;
    const slugOf = (page: Fields) =>
      typeof page.slug === 'string' && isSlug(page.slug) ? page.slug : undefined;
    const routeReading = (slug: string) =>
      contract.routes.find((route) =>
        route.data?.some(
          (read) => read.path.replace(/\/$/, '') === WORDPRESS_PAGES && read.params?.slug === slug,
        ),
      )?.path;
    const ownAddress = (page: Fields, slug: string) => {
      let slugs = [slug];
      for (let above = parentOf(page); above !== undefined; above = parentOf(above)) {
        const parent = slugOf(above);
        // A parent that cannot be named, or a loop: the page by its own slug (shown there too).
        if (parent === undefined || slugs.length >= MAX_NESTING) {
          slugs = [slug];
          break;
        }
        slugs.unshift(parent);
      }
      const address = `/${slugs.map(encodeURIComponent).join('/')}`;
      return routeOf(contract, address)?.path === '*' ? address : undefined;
    };
    return pages.flatMap((page) => {
      const slug = slugOf(page);
      const path =
        page.id === HOME_PAGE_ID
          ? '/'
          : slug === undefined
            ? undefined
            : (routeReading(slug) ?? ownAddress(page, slug));
      return path === undefined ? [] : [{ path, lastmod: lastmodOf(page, PAGE_DATES) }];
    });
  }

  /** The sitemap's XML. */
  async function xml(): Promise<string> {
    const [courses, events, menu, posts, pages] = await Promise.all([
      list('courses', COURSES),
      list('events', EVENTS),
      read('the centres the menu links to', MENU, () => true),
      everyPage('posts', POSTS),
      everyPage('WordPress pages', PAGES),
    ]);
    /** Each address listed, with its last change where WordPress says. */
    const listed = new Map<string, string | undefined>();
    const add = (path: string | undefined, lastmod?: string) => {
      if (path === undefined || deps.disallowed(path) || !isPageAddress(path)) return;
      listed.set(path, lastmod ?? listed.get(path));
    };
    for (const route of contract.routes) {
      const own = !route.path.includes(':') && route.path !== '*';
      if (own && contract.heads[route.path]?.noindex !== true) add(route.path);
    }
    for (const course of courses.entries) {
      add(addressAbout('course', course.slug), lastmodOf(course, CHANGE_DATES));
    }
    for (const event of events.entries) {
      add(addressAbout('event', event.slug), lastmodOf(event, CHANGE_DATES));
    }
    for (const address of await centres(centreIds(events.entries, menu?.json))) add(address);
    for (const post of posts) add(addressAbout('post', post.slug), lastmodOf(post, PAGE_DATES));
    // A route's own WordPress page dates it where it is listed; any other is listed itself.
    for (const { path, lastmod } of wordpressPages(pages)) {
      if (listed.has(path) || routeOf(contract, path)?.path === '*') add(path, lastmod);
    }
    const urls = [...listed].slice(0, MAX_URLS).map(([path, lastmod]) => {
      const loc = `<loc>${escapeHtml(new URL(path, deps.publicUrl).href)}</loc>`;
      return `<url>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    });
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
    );
  }

  return { xml };
}

export type Sitemap = ReturnType<typeof createSitemap>;
