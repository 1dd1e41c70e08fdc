/** The storefront's business constants and limits, named here and used instead of literals. */
import pkg from '../package.json';

/** The contract version of this shared-store; remotes state the range they were built against. */
export const SHARED_STORE_VERSION: string = pkg.version;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const SESSION_LIFETIME_MS = 24 * HOUR;
export const SESSION_CHECK_INTERVAL_MS = MINUTE;
export const FOOTER_CACHE_MS = HOUR;
/** The home page document, read by the shell, header, footer and home page: once per minute. */
export const HOME_PAGE_CACHE_MS = MINUTE;
export const PRODUCT_ATTRIBUTES_CACHE_MS = 10 * MINUTE;
export const POPUP_DELAY_MS = 10 * SECOND;
export const FOOTER_SHOW_DELAY_MS = 2 * SECOND;
export const TRUST_SLIDER_AUTOPLAY_DELAY_MS = 40 * SECOND;
export const BANNER_PAUSE_CAP_MS = 10 * SECOND;
/** Seconds added to the banner's scroll duration on small screens. */
export const BANNER_SMALL_SCREEN_EXTRA_S = 3;
export const SMALL_SCREEN_MAX_WIDTH_PX = 500;
export const POST_LIST_PAGE_SIZE = 100;
export const VARIATIONS_PAGE_SIZE = 100;
export const SEARCH_MODAL_CLOSE_MS = SECOND;
export const IOS_DASHBOARD_REDIRECT_MS = 500;
export const PERSIST_TIMEOUT_MS = 5 * SECOND;
export const LOGO_SIZE = { width: 190, height: 79 } as const;
export const SUBSCRIPTION_TIERS = ['silver', 'gold', 'ultimate'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
export const PRICE_DECIMALS = 2;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SCROLL_TOP_THRESHOLD_PX = 20;
/** Every backend request gives up after this long. */
export const REQUEST_TIMEOUT_MS = 10 * SECOND;
/** The WordPress page that carries the home page's data. */
export const HOME_PAGE_ID = 96030;
/** Where the footer's Courses item and empty-cart links go. */
export const COURSES_SECTION_ID = 'courses-section';

/** User-facing texts of the specification, kept exact. */
export const MESSAGES = {
  logoutSuccess: 'Logout Successfully',
  sessionExpired: 'Session Expired! Please Login Again',
  emptySearch: 'Please enter a search term.',
  emailRequired: 'Email is required!',
  invalidEmail: "Please enter a valid email address like 'name@example.com'.",
} as const;
