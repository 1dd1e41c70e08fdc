import {
  anyList,
  course,
  eventItem,
  listOf,
  listRead,
  partner,
  takePreloadedStamp,
} from 'shared-store';

const WP = '/wp-json/wp/v2';

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
  courses: listRead('courses', () => ({ path: `${WP}/courseList` }), listOf(course)),
  partners: listRead('partners', () => ({ path: `${WP}/our_partner` }), listOf(partner)),
  events: listRead('events', () => ({ path: `${WP}/events` }), listOf(eventItem)),
};
