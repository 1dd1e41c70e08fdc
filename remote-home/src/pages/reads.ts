import * as v from 'valibot';
import {
  ApiError,
  contentReads,
  listOf,
  listRead,
  oneRead,
  rejecting,
  type ReadState,
} from 'shared-store';

/**
 * The reads of the shop's pages (courses, events, locations), declared beside them: only these
 * pages' chunks carry them. Each page read rejects when its request fails, so the page can say so
 * and offer Try again; a malformed answer is still the read's empty value (logged once).
 */

const WP = '/wp-json/wp/v2';
const text = v.fallback(v.string(), '');
/** A whole number, where the answer has one. */
const count = v.fallback(v.optional(v.pipe(v.number(), v.integer())), undefined);

/** Whether a read failed because what it asked for does not exist (a 404). */
export function missing(state: ReadState<unknown>): boolean {
  return state.status === 'failed' && state.error instanceof ApiError && state.error.status === 404;
}

/** wp/v2/courseList, as shared-store declares it (the same request). */
export const courseList = rejecting(contentReads.courses);

/** wp/v2/course/{id}: a course's description (HTML) and what it includes. */
export const courseDetails = rejecting(
  oneRead(
    'courseDetails',
    (id: number) => ({ path: `${WP}/course/${String(id)}` }),
    v.looseObject({ content: text, highlights: v.fallback(listOf(v.string()), []) }),
  ),
);

const ticketFields = v.looseObject({
  venue: text,
  start_time: text,
  end_time: text,
  tickets_available: count,
  location_id: count,
});

/**
 * wp/v2/products-with-ticket: the events (each as wp/v2/events gives it) with their venue, times,
 * places left and location, where known.
 */
export const ticketEvents = rejecting(
  listRead(
    'ticketEvents',
    () => ({ path: `${WP}/products-with-ticket` }),
    v.pipe(
      contentReads.events.schema,
      v.transform((events) =>
        events.map((event) => ({ ...event, ...v.parse(ticketFields, event) })),
      ),
    ),
  ),
);

/** An event of products-with-ticket. */
export type TicketEvent = (typeof ticketEvents.empty)[number];

/** wp/v2/page-details/location-{id}: one of the company's centres. */
export const locationDetails = rejecting(
  oneRead(
    'locationDetails',
    (id: number) => ({ path: `${WP}/page-details/location-${String(id)}` }),
    v.looseObject({
      id: v.number(),
      title: v.string(),
      city: text,
      address: text,
      content: text,
      next_dates: v.fallback(listOf(v.string()), []),
      price: text,
    }),
  ),
);

/** The gateway's product: a simple product's one price (`type` 'simple'); null when unreadable. */
export const shopProduct = oneRead(
  'shopProduct',
  (id: number) => ({ path: `/api/shop/products/${String(id)}` }),
  v.looseObject({ type: text, price: text }),
);
