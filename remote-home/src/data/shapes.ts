import * as v from 'valibot';
import { listOf, text, wpImage } from 'shared-store';

/**
 * The home remote's backend data, declared once: its pages and sections check an answer where it
 * enters (`useRead`), its server renderers draw from the same answers, and its head readers
 * (server/heads.ts) say what a course, an event or a centre is about through the same shapes. What
 * makes an entry (an id, a title) is required; any other field that is missing or malformed reads
 * as empty or absent, so one odd field never drops a card or a page's head. They ship with this
 * remote: a field added here needs no other release.
 */

/** An image as the site's own routes return it. */
export type WpImage = v.InferOutput<typeof wpImage>;

/** An image that is missing or malformed reads as none (the placeholder shows; `url` is ''). */
const image = v.fallback(v.optional(wpImage, { url: '' }), { url: '' });

/**
 * A price as WordPress writes it: decimal text ("49.00"), or a number read as its text; anything
 * else reads as empty.
 */
const decimalText = v.fallback(
  v.optional(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), ''),
  '',
);

/** A whole number, where the answer has one. */
const count = v.fallback(v.optional(v.pipe(v.number(), v.integer())), undefined);

/** A course or event card: an id and a title make it; anything else missing reads as empty. */
const productCard = {
  id: v.number(),
  title: v.string(),
  slug: text,
  image,
  /** The WooCommerce product (for a course, a variable one: its variations are the months). */
  product_id: v.fallback(v.optional(v.number(), 0), 0),
  /** The "from" price. */
  price: decimalText,
};

/** GET wp/v2/courseList: a course; `excerpt` is HTML. */
export const course = v.looseObject({ ...productCard, excerpt: text, exam: text });

/** GET wp/v2/courseList */
export type Course = v.InferOutput<typeof course>;

/** GET wp/v2/course/{id}: a course's description (HTML), what it includes and its month options. */
export const courseDetails = v.looseObject({
  content: text,
  highlights: v.fallback(listOf(v.string()), []),
  month_options: v.fallback(listOf(v.looseObject({ month: text, price: decimalText })), []),
});

/** GET wp/v2/events: an event; `date` is an ISO day (2026-12-05). */
export const eventItem = v.looseObject({ ...productCard, date: text, location: text });

/** GET wp/v2/events */
export type EventItem = v.InferOutput<typeof eventItem>;

/**
 * GET wp/v2/products-with-ticket: an event as wp/v2/events gives it, with its venue, times
 * ("08:30"), places left and location, where known.
 */
export const ticketEvent = v.looseObject({
  ...eventItem.entries,
  venue: text,
  start_time: text,
  end_time: text,
  tickets_available: count,
  location_id: count,
});

/** GET wp/v2/page-details/location-{id}: one of the company's centres; `content` is HTML. */
export const locationPage = v.looseObject({
  id: v.number(),
  title: v.string(),
  city: text,
  address: text,
  content: text,
  next_dates: v.fallback(listOf(v.string()), []),
  price: text,
  image,
});

/** GET wp/v2/our_partner */
export const partner = v.looseObject({
  id: v.number(),
  name: v.string(),
  logo: image,
  url: text,
});

/** GET wp/v2/our_partner */
export type Partner = v.InferOutput<typeof partner>;

/** GET wp/v2/home_banner?t={timestamp} */
export interface HomeBanner {
  id: number;
  title: string;
  /** HTML */
  subtitle: string;
  image: WpImage;
  cta: { title: string; url: string };
}

/** A subscription package the home page offers (a WooCommerce variable product per tier). */
export interface SubscriptionPackage {
  tier: string;
  product_id: number;
  slug: string;
  title: string;
  features: string[];
}
