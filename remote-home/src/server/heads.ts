import * as v from 'valibot';
import { entryBySlug, SITE_NAME, type HeadInput, type HeadOutcome } from 'shared-store';
import { course, courseDetails, locationPage, ticketEvent } from '../data/shapes';
import { courseDetailsPath } from '../data/reads';
import { courseList, locationDetails, ticketEvents } from '../pages/reads';

/**
 * What a course, an event and a centre are about, for their page's head (the title, description,
 * share image and schema.org data a search engine or a shared link's preview reads): read from
 * WordPress's answers through this remote's own shapes, so a field added to a course ships with
 * this remote alone. The gateway runs these in this remote's sandboxed process
 * (dist/server/pages.js `heads`), hands each the answers of the reads it asked for, and makes
 * what it says the page's head: every text plain text within its limits, the image absolute, the
 * page's name, description, address and image written into the schema.org data, a 404 for
 * `absent` (shared-store `HeadOutcome`).
 */

type Reads = HeadInput['reads'];

/** A read's JSON, or what the page's head says without it. */
type Answered = { json: unknown } | HeadOutcome;

const isJson = (answer: Answered): answer is { json: unknown } =>
  typeof answer === 'object' && 'json' in answer;

/** The JSON of a read's answer, or what to say without it: ask for it, or what it answered. */
function answered(reads: Reads, url: string): Answered {
  const answer = reads[url];
  if (answer === undefined) return { wanted: [url] };
  return answer === 'failed' ? 'unanswered' : answer;
}

/** The slug or id a page names in its address's last segment, decoded. */
function lastSegment(path: string): string | undefined {
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return undefined;
  }
}

/**
 * The entry (as its JSON) of a list read that the page names by its slug, or what to say
 * without it: a list that cannot be read, or is not a list, leaves the page its default head.
 */
function listEntry(reads: Reads, url: string, path: string): Answered {
  const slug = lastSegment(path);
  if (slug === undefined || slug === '') return 'absent';
  const answer = answered(reads, url);
  if (!isJson(answer)) return answer === 'absent' ? 'unanswered' : answer;
  const entry = entryBySlug(answer.json, slug);
  return entry === undefined ? 'unanswered' : entry === 'absent' ? 'absent' : { json: entry };
}

/** What `schema` reads of an entry; undefined when it is malformed. */
function readAbout<T>(schema: v.GenericSchema<unknown, T>, entry: unknown): T | undefined {
  const result = v.safeParse(schema, entry);
  return result.success ? result.output : undefined;
}

/** A calendar day and a time of day as the event's schema.org data writes them. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{2}:\d{2}$/;

/** A centre's id as an address writes it: a whole number from 1. */
const CENTRE_ID = /^[1-9]\d{0,9}$/;

/** The text if it has the form, else undefined. */
const ofForm = (form: RegExp, text: string) => (form.test(text) ? text : undefined);

/** A price as WordPress writes it ("49.00", 49), to the penny; undefined for anything else. */
function priceOf(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,9}(?:\.\d{1,2})?$/.test(text.trim())
    ? Number(text).toFixed(2)
    : undefined;
}

/** The UTC offset of London on a day at a time (summer time or not): "+01:00". */
function londonOffset(date: string, time: string): string {
  const zone = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    timeZoneName: 'longOffset',
  })
    .formatToParts(new Date(`${date}T${time}:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  return /^GMT[+-]\d{2}:\d{2}$/.test(zone ?? '') ? (zone ?? '').slice(3) : '+00:00';
}

/** "Saturday 16 January 2027"; undefined for a day that is not in the calendar. */
function dayOf(date: string): string | undefined {
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return undefined;
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(day);
  return `${format({ weekday: 'long' })} ${format({ day: 'numeric', month: 'long', year: 'numeric' })}`;
}

/** The company, as the provider of a course and the organiser of an event. */
const organization = (url: string) => ({
  '@type': 'Organization',
  name: SITE_NAME,
  url: new URL('/', url).href,
});

/** A course: its list entry by slug (wp/v2/courseList), then its month options (wp/v2/course/{id}). */
function courseHead({ path, url, reads }: HeadInput): HeadOutcome {
  const found = listEntry(reads, courseList.request(undefined).path, path);
  if (!isJson(found)) return found;
  const about = readAbout(course, found.json);
  // Its id names its details: a WordPress id, a whole number from 1.
  if (!about || !Number.isInteger(about.id) || about.id < 1) return 'malformed';
  const detail = answered(reads, courseDetailsPath(about.id));
  if (typeof detail === 'object' && 'wanted' in detail) return detail;
  // Without its months, the course offers the list's price.
  const options = isJson(detail)
    ? (readAbout(courseDetails, detail.json)?.month_options ?? [])
    : [];
  const offer = (price: string, option?: string) => ({
    '@type': 'Offer',
    ...(option ? { name: option } : {}),
    category: Number(price) > 0 ? 'Paid' : 'Free',
    price,
    priceCurrency: 'GBP',
    availability: 'https://schema.org/InStock',
    url,
  });
  const byMonth = options.flatMap(({ month, price }) => {
    const amount = priceOf(price);
    return amount === undefined ? [] : [offer(amount, month)];
  });
  const listPrice = priceOf(about.price);
  const offers = byMonth.length > 0 ? byMonth : listPrice === undefined ? [] : [offer(listPrice)];
  return {
    about: {
      name: about.title,
      description: about.excerpt,
      image: about.image.url,
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'Course',
          provider: organization(url),
          ...(offers.length > 0 ? { offers } : {}),
          hasCourseInstance: [{ '@type': 'CourseInstance', courseMode: 'online' }],
        },
      ],
    },
  };
}

/** An event: its entry by slug in wp/v2/products-with-ticket, on its day, at London's time. */
function eventHead({ path, url, reads }: HeadInput): HeadOutcome {
  const found = listEntry(reads, ticketEvents.request(undefined).path, path);
  if (!isJson(found)) return found;
  const event = readAbout(ticketEvent, found.json);
  if (!event) return 'malformed';
  const date = ofForm(ISO_DAY, event.date);
  const start = ofForm(ISO_TIME, event.start_time);
  const end = ofForm(ISO_TIME, event.end_time);
  const left = event.tickets_available;
  const venue = event.venue.trim();
  const city = event.location.trim();
  const day = date === undefined ? undefined : dayOf(date);
  const hours = start && end ? `${start} to ${end}` : start ? `from ${start}` : undefined;
  const summary = [[day, hours].filter(Boolean).join(', '), venue || city]
    .filter(Boolean)
    .join(', at ');
  const price = priceOf(event.price);
  const at = (time: string | undefined) =>
    date && time ? `${date}T${time}:00${londonOffset(date, time)}` : date;
  const [place, ...street] = venue.split(', ');
  return {
    about: {
      name: event.title,
      description: summary ? `${summary}.` : '',
      image: event.image.url,
      structuredData:
        day === undefined
          ? []
          : [
              {
                '@context': 'https://schema.org',
                '@type': 'Event',
                startDate: at(start),
                ...(end ? { endDate: at(end) } : {}),
                eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
                eventStatus: 'https://schema.org/EventScheduled',
                location: {
                  '@type': 'Place',
                  name: place || city || SITE_NAME,
                  address: {
                    '@type': 'PostalAddress',
                    ...(street.length > 0 ? { streetAddress: street.join(', ') } : {}),
                    ...(city ? { addressLocality: city } : {}),
                    addressCountry: 'GB',
                  },
                },
                ...(price === undefined
                  ? {}
                  : {
                      offers: {
                        '@type': 'Offer',
                        price,
                        priceCurrency: 'GBP',
                        url,
                        ...(left === undefined
                          ? {}
                          : {
                              availability:
                                left > 0
                                  ? 'https://schema.org/InStock'
                                  : 'https://schema.org/SoldOut',
                            }),
                      },
                    }),
                organizer: organization(url),
              },
            ],
    },
  };
}

/** A centre: wp/v2/page-details/location-{id}, what its page says, else its address. */
function locationHead({ path, reads }: HeadInput): HeadOutcome {
  const id = lastSegment(path);
  if (id === undefined || !CENTRE_ID.test(id)) return 'absent';
  const answer = answered(reads, locationDetails.request(Number(id)).path);
  if (!isJson(answer)) return answer;
  const place = readAbout(locationPage, answer.json);
  if (!place) return 'malformed';
  return {
    about: {
      name: place.title,
      // Its page's text, else (an empty page) its address.
      description: /[^\s]/.test(place.content.replace(/<[^>]*>/g, ''))
        ? place.content
        : place.address,
      image: place.image.url,
    },
  };
}

/** The head readers the page contract's `heads` name for the home remote's routes. */
export const heads: Record<string, (input: HeadInput) => HeadOutcome> = {
  course: courseHead,
  event: eventHead,
  location: locationHead,
};
