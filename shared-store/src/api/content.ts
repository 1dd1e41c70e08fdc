import * as v from 'valibot';
import {
  FOOTER_CACHE_MS,
  HOME_PAGE_CACHE_MS,
  HOME_PAGE_ID,
  POST_LIST_PAGE_SIZE,
} from '../constants';
import { bannerSlides } from '../features/home/banner';
import { cleanMenu } from '../features/home/menu';
import { EMPTY_FOOTER, parseFooterHtml } from './footer';
import { takePreloadedStamp } from './preloaded';
import { createQuery, listRead, oneRead } from './read';
import {
  anyList,
  course,
  eventItem,
  homePage as homePageSchema,
  listOf,
  partner,
  wpPage,
  wpPost,
  wpTerm,
} from './schemas';

const WP = '/wp-json/wp/v2';

/**
 * WordPress content reads (/wp-json/wp/v2): each answers an empty list or null when it fails or
 * its answer is malformed, as the site's other reads do.
 */
export const contentReads = {
  menu: listRead(
    'menu',
    () => ({ path: `${WP}/menu_home` }),
    v.pipe(
      anyList,
      v.transform((items) => cleanMenu(items)),
    ),
  ),
  /**
   * Never cached: a timestamp parameter and no-store, so a new banner shows at once. The first
   * read takes the request the page started (the gateway stamps it when it serves the page).
   */
  homeBanner: listRead(
    'homeBanner',
    () => ({
      path: `${WP}/home_banner`,
      query: { t: takePreloadedStamp(`${WP}/home_banner`) ?? Date.now() },
      noStore: true,
    }),
    v.pipe(
      anyList,
      v.transform((items) => bannerSlides(items)),
    ),
  ),
  courses: listRead('courses', () => ({ path: `${WP}/courseList` }), listOf(course)),
  partners: listRead('partners', () => ({ path: `${WP}/our_partner` }), listOf(partner)),
  events: listRead('events', () => ({ path: `${WP}/events` }), listOf(eventItem)),
  homePage: oneRead(
    'homePage',
    () => ({ path: `${WP}/pages/${String(HOME_PAGE_ID)}` }),
    homePageSchema,
    HOME_PAGE_CACHE_MS,
  ),
  /** The footer's menus and newsletter action, parsed from its HTML and kept for an hour. */
  footer: createQuery({
    name: 'footer',
    request: () => ({ path: `${WP}/footer` }),
    schema: v.pipe(
      v.looseObject({ html: v.string() }),
      v.transform((body) => parseFooterHtml(body.html)),
    ),
    empty: EMPTY_FOOTER,
    lifetimeMs: FOOTER_CACHE_MS,
  }),
  /** A blog post by slug; warns when there is none. */
  postBySlug: createQuery({
    name: 'postBySlug',
    request: (slug: string) => ({ path: `${WP}/posts`, query: { slug } }),
    schema: v.pipe(
      listOf(wpPost),
      v.transform((posts) => {
        if (posts.length === 0) console.warn('No blog post found for this slug.');
        return posts[0] ?? null;
      }),
    ),
    empty: null,
  }),
  posts: listRead(
    'posts',
    () => ({ path: `${WP}/posts/`, query: { per_page: POST_LIST_PAGE_SIZE } }),
    listOf(wpPost),
  ),
  categories: listRead(
    'categories',
    () => ({ path: `${WP}/categories/`, query: { per_page: POST_LIST_PAGE_SIZE } }),
    listOf(wpTerm),
  ),
  pageBySlug: createQuery({
    name: 'pageBySlug',
    request: (slug: string) => ({ path: `${WP}/pages`, query: { slug } }),
    schema: v.pipe(
      listOf(wpPage),
      v.transform((pages) => pages[0] ?? null),
    ),
    empty: null,
  }),
};
