import * as v from 'valibot';
import { EMPTY_FOOTER, parseFooterHtml } from './footer';
import { createQuery, oneRead } from './read';
import { HOME_PAGE_ID, homePage as homePageSchema } from './schemas';

const WP = '/wp-json/wp/v2';

/** The home page's document: one read serves every part of the page for a minute. */
const HOME_PAGE_CACHE_MS = 60 * 1000;
/** The footer's menus and newsletter action change rarely: one read serves the page for an hour. */
const FOOTER_CACHE_MS = 60 * 60 * 1000;

/**
 * WordPress content reads (/wp-json/wp/v2) that more than one team makes: each answers null or its
 * empty value when it fails or its answer is malformed, as the site's other reads do. A team's own
 * reads are declared in its remote (the header's menu, the home page's banner, courses, events and
 * partners), the shell's pages' in the shell (shell/src/pages/reads/wordpress.ts).
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
};
