import { anyList, createQuery, listOf, listRead, takePreloadedStamp } from 'shared-store';
import { course, eventItem, partner } from './shapes';

const WP = '/wp-json/wp/v2';

/** Where a course's description is read (wp/v2/course/{id}), which its card reads ahead. */
export const courseDetailsPath = (id: number) => `${WP}/course/${String(id)}`;

/** Where the hero's slides are read: the page carries their answer under this path, unstamped. */
export const HOME_BANNER_PATH = `${WP}/home_banner`;

/**
 * The home page's own reads from WordPress: each answers an empty list when it fails or its answer
 * is malformed. The home page document (pages/96030) is the platform's read (shared-store's
 * contentReads.homePage), which the header, the footer and the page's title share.
 */
export const homeReads = {
  /**
   * The hero's slides, as WordPress sent them (bannerSlides makes them slides to show). Never
   * cached: a timestamp parameter and no-store, so a new banner shows at once. The first read
   * takes the request the page started (the page names it in a preload hint).
   */
  homeBanner: listRead(
    'homeBanner',
    () => ({
      path: HOME_BANNER_PATH,
      query: { t: takePreloadedStamp(HOME_BANNER_PATH) ?? Date.now() },
      noStore: true,
    }),
    anyList,
  ),
  /**
   * Kept for the minute the gateway keeps it: a course page opened from the home page's cards
   * finds the list at hand, and asks nothing.
   */
  courses: createQuery({
    name: 'courses',
    request: () => ({ path: `${WP}/courseList` }),
    schema: listOf(course),
    empty: [],
    lifetimeMs: 60_000,
  }),
  partners: listRead('partners', () => ({ path: `${WP}/our_partner` }), listOf(partner)),
  events: listRead('events', () => ({ path: `${WP}/events` }), listOf(eventItem)),
};
