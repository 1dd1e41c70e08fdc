import * as v from 'valibot';
import {
  ApiError,
  listOf,
  listRead,
  oneRead,
  rejecting,
  wpPreview,
  type ReadState,
} from 'shared-store';
import { courseDetails as courseDetailsShape, locationPage, ticketEvent } from '../data/shapes';
import { courseDetailsPath, homeReads } from '../data/reads';

/**
 * The reads of the shop's pages (courses, events, locations), declared beside them: only these
 * pages' chunks carry them. Each page read rejects when its request fails, so the page can say so
 * and offer Try again; a malformed answer is still the read's empty value (logged once).
 */

const WP = '/wp-json/wp/v2';
const text = v.fallback(v.string(), '');

/** Whether a read failed because what it asked for does not exist (a 404). */
export function missing(state: ReadState<unknown>): boolean {
  return state.status === 'failed' && state.error instanceof ApiError && state.error.status === 404;
}

/** wp/v2/courseList, as the home page reads it (the same request). */
export const courseList = rejecting(homeReads.courses);

/** wp/v2/course/{id}: a course's description (HTML) and what it includes. */
export const courseDetails = rejecting(
  oneRead('courseDetails', (id: number) => ({ path: courseDetailsPath(id) }), courseDetailsShape),
);

/**
 * wp/v2/products-with-ticket: the events (each as wp/v2/events gives it) with their venue, times,
 * places left and location, where known.
 */
export const ticketEvents = rejecting(
  listRead('ticketEvents', () => ({ path: `${WP}/products-with-ticket` }), listOf(ticketEvent)),
);

/** An event of products-with-ticket. */
export type TicketEvent = (typeof ticketEvents.empty)[number];

/** wp/v2/page-details/location-{id}: one of the company's centres. */
export const locationDetails = rejecting(
  oneRead(
    'locationDetails',
    (id: number) => ({ path: `${WP}/page-details/location-${String(id)}` }),
    locationPage,
  ),
);

/** The gateway's product: a simple product's one price (`type` 'simple'); null when unreadable. */
export const shopProduct = oneRead(
  'shopProduct',
  (id: number) => ({ path: `/api/shop/products/${String(id)}` }),
  v.looseObject({ type: text, price: text }),
);

/**
 * wp/v2/pages?slug=memberships: what the memberships page says of itself (its title and excerpt),
 * over the packages; none when it fails.
 */
export const membershipsPage = listRead(
  'membershipsPage',
  () => ({ path: `${WP}/pages`, query: { slug: 'memberships' } }),
  listOf(wpPreview),
);
