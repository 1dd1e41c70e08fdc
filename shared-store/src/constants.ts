/**
 * The platform's constants and the contracts between teams: a constant one team uses lives with
 * that team (in its remote, or the shell's file that uses it).
 */
import pkg from '../package.json';

/** The contract version of this shared-store; remotes state the range they were built against. */
export const SHARED_STORE_VERSION: string = pkg.version;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const SESSION_LIFETIME_MS = 24 * HOUR;
/**
 * When the layout's parts below the first screen are due (the footer is shown 2 s after the page
 * opened): the shell loads the footer's code by then, and the footer shows its skeleton until then.
 */
export const FOOTER_SHOW_DELAY_MS = 2 * SECOND;
export const PERSIST_TIMEOUT_MS = 5 * SECOND;
export const SUBSCRIPTION_TIERS = ['silver', 'gold', 'ultimate'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
/** Every backend request gives up after this long. */
export const REQUEST_TIMEOUT_MS = 10 * SECOND;
/**
 * The home page's courses section: the address other teams' pages link to (the footer's Courses
 * item, the empty cart, the search and order pages), and the id the home page gives the section.
 */
export const COURSES_SECTION_ID = 'courses-section';

/** Texts visitors see, kept word for word. */
export const MESSAGES = {
  logoutSuccess: 'Logout Successfully',
  sessionExpired: 'Session Expired! Please Login Again',
  emptySearch: 'Please enter a search term.',
  emailRequired: 'Email is required!',
  invalidEmail: "Please enter a valid email address like 'name@example.com'.",
} as const;
