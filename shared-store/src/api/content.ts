import * as v from 'valibot';
import { EMPTY_FOOTER, parseFooterHtml } from './footer';
import { createQuery, listRead, oneRead } from './read';
import {
  HOME_PAGE_ID,
  homePage as homePageSchema,
  listOf,
  wpPage,
  wpPost,
  wpTerm,
} from './schemas';

const WP = '/wp-json/wp/v2';

/** The home page's document: one read serves every part of the page for a minute. */
const HOME_PAGE_CACHE_MS = 60 * 1000;
/** The footer's menus and newsletter action change rarely: one read serves the page for an hour. */
const FOOTER_CACHE_MS = 60 * 60 * 1000;
/** The blog list and its categories: how many of each one read asks for. */
const POST_LIST_PAGE_SIZE = 100;

/**
 * WordPress content reads (/wp-json/wp/v2) that more than one team makes, or the shell's pages do:
 * each answers an empty list or null when it fails or its answer is malformed, as the site's other
 * reads do. A team's own reads are declared in its remote (the header's menu, the home page's
 * banner, courses, events and partners).
 */
export const contentReads = {
  /**
   * The home page's document, one read for the page: the shell's title and description, the
   * header's logo, the footer's content and the home page's sections all come from it.
   */
  homePage: oneRead(
    'homePage',
    () => ({ path: `${WP}/pages/${String(HOME_PAGE_ID)}` }),
    homePageSchema,
    HOME_PAGE_CACHE_MS,
  ),
  /**
   * The footer's menus and newsletter action, parsed from its HTML and kept for an hour: the
   * footer shows them, the subscribe page posts to that action.
   */
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
