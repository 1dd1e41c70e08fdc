import * as v from 'valibot';
import {
  course,
  courseDetails,
  HOME_PAGE_ID,
  homePage,
  locationPage,
  ticketEvent,
  wpPreview,
  type HeadRead,
  type PageContract,
} from 'shared-store/server';
import { pathOf } from '../plugins/canonicalPaths';
import { plainText } from './htmlText';
import {
  MAX_DESCRIPTION_CHARS,
  MAX_TITLE_CHARS,
  SITE_NAME,
  titleOf,
  type PageHead,
  type TemplateHead,
} from './headMarkup';
import type { PageRequest } from './remoteHints';
import { cacheTtlOf } from '../proxy/routeTable';
import type { WordPressReads } from '../proxy/wordpressReads';
import { type AnswerJson, within } from './wordpressAnswers';

const WP = '/wp-json/wp/v2';

/** The WordPress page that holds the home page's SEO title and description. */
export const HOME_PAGE = `${WP}/pages/${String(HOME_PAGE_ID)}`;

/** The title of a page that is not there; the shell's not-found page says the same. */
const NOT_FOUND_NAME = 'Page not found';

/** A page's head and the status it is served with: 404 when what it names does not exist. */
export interface ServedHead {
  status: 200 | 404;
  head: PageHead;
}

/** What WordPress says a page is about: its name and what a preview shows of it. */
interface About {
  name: string;
  /** The whole title, when WordPress gives one (the home page's SEO title). */
  title?: string;
  description?: string;
  image?: string;
  structuredData?: Record<string, unknown>[];
}

/** A read's outcome: what the page is about, nothing by that name (`absent`), or no answer. */
type Outcome = About | 'absent' | undefined;

/** A WordPress answer: its JSON, a 404 for what it names (`absent`), or none that can be used. */
type Answer = { json: unknown } | 'absent' | undefined;

/*
 * What a page's head reads of WordPress's answers: their fields, declared once for the browser and
 * the gateway (shared-store api/schemas.ts). A field that is missing or malformed reads as absent
 * (an empty text, no image); an entry without its title is malformed.
 */
const courseAbout = v.pick(course, ['id', 'title', 'excerpt', 'image', 'price']);
const courseOffers = v.pick(courseDetails, ['month_options']);
const eventAbout = v.pick(ticketEvent, [
  'title',
  'date',
  'start_time',
  'end_time',
  'venue',
  'location',
  'price',
  'tickets_available',
  'image',
]);
const locationAbout = v.pick(locationPage, ['title', 'content', 'address', 'image']);
const homeAbout = v.pick(homePage, ['rank_math_meta']);

/** What `schema` reads of an answer; undefined when it is malformed. */
function readAbout<T>(schema: v.GenericSchema<unknown, T>, answer: unknown): T | undefined {
  const result = v.safeParse(schema, answer);
  return result.success ? result.output : undefined;
}

/** A calendar day and a time of day as the event's schema.org data writes them. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{2}:\d{2}$/;

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

/** Whether a text can be a WordPress slug the storefront names a page by (decoded). */
export function isSlug(text: string): boolean {
  return /^[\p{L}\p{N}_-]{1,200}$/u.test(text);
}

/** Whether a text is a WordPress id as an address writes it: a whole number from 1. */
export function isWordPressId(text: string): boolean {
  return /^[1-9]\d{0,9}$/.test(text);
}

/** The slug or id a route names in its last segment, decoded; undefined if it cannot be one. */
function lastSegment(route: string): string | undefined {
  let segment: string;
  try {
    segment = decodeURIComponent(route.slice(route.lastIndexOf('/') + 1));
  } catch {
    return undefined;
  }
  return isSlug(segment) ? segment : undefined;
}

/** The first entry of a list whose `slug` is this one: absent when none, undefined for no list. */
function entryBySlug(list: unknown, slug: string): unknown {
  if (!Array.isArray(list)) return undefined;
  const entry: unknown = list.find(
    (item: unknown) =>
      typeof item === 'object' && item !== null && (item as { slug?: unknown }).slug === slug,
  );
  return entry ?? 'absent';
}

export interface PageHeadDeps {
  contract: PageContract;
  wordpress: WordPressReads;
  /** Reads an answer's JSON, once per answer (shared with the page's server render). */
  json: AnswerJson;
  /** The storefront's public address: canonical and image URLs are built from it. */
  publicUrl: URL;
  /** How long a page waits for WordPress; 0 reads nothing (every page has its default head). */
  budgetMs: number;
  /** The template's own title, description and share image: the site's defaults. */
  defaults: TemplateHead;
  warn: (message: string) => void;
  now?: () => number;
}

/**
 * Each page's head (headMarkup.ts): the route's title and description from the page contract
 * (`title`, `heads`), and for a page about something (`heads[route].read`) what WordPress says
 * of it (name, description, image, schema.org data), read within a budget through the proxy's
 * cache; a page without an image of its own shares the template's (the brand's). A page naming
 * something WordPress does not have is a 404 with the not-found head; a WordPress that fails,
 * answers malformed or takes longer than the budget leaves the page its default head (the page
 * itself says what happened).
 */
export function createPageHeads(deps: PageHeadDeps) {
  const now = deps.now ?? Date.now;
  const defaultTitle = deps.defaults.title ?? SITE_NAME;
  const organization = {
    '@type': 'Organization',
    name: SITE_NAME,
    url: new URL('/', deps.publicUrl).href,
  };
  const warned = new Set<HeadRead>();

  /** An http(s) URL made absolute against the public address; undefined for anything else. */
  function absoluteUrl(value: string | undefined): string | undefined {
    if (!value) return undefined;
    try {
      const url = new URL(value, deps.publicUrl);
      return /^https?:$/.test(url.protocol) ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  /** What a page without an image of its own previews with: the brand's, on the public origin. */
  const defaultImage = absoluteUrl(deps.defaults.image);

  function malformed(read: HeadRead): Outcome {
    if (!warned.has(read)) {
      warned.add(read);
      deps.warn(`WordPress answered a ${read} page's read malformed: it has its default head.`);
    }
    return undefined;
  }

  /** A WordPress read (kept as the route table says), within the page's deadline. */
  async function readJson(url: string, deadline: number): Promise<Answer> {
    const answer = await within(
      deps.wordpress.read(url, cacheTtlOf(pathOf(url))),
      deadline - now(),
    );
    if (!answer || (answer.status !== 200 && answer.status !== 404)) return undefined;
    const body = deps.json(answer.body);
    if (answer.status === 200) return body;
    // WordPress's 404 names what it did not find; one without the route (a plugin switched off)
    // or from something else on the way is not "nothing by that name".
    const { code } = (body?.json ?? {}) as { code?: unknown };
    return typeof code === 'string' && code !== 'rest_no_route' ? 'absent' : undefined;
  }

  /** The one entry a list read finds by slug. */
  async function listEntry(url: string, slug: string, deadline: number): Promise<unknown> {
    const answer = await readJson(url, deadline);
    return answer === undefined || answer === 'absent' ? undefined : entryBySlug(answer.json, slug);
  }

  /** An entry of a WordPress list of posts or pages (`?slug=`). */
  async function wordpressEntry(
    read: 'post' | 'page',
    url: string,
    slug: string,
    deadline: number,
  ): Promise<Outcome> {
    const entry = await listEntry(url, slug, deadline);
    if (entry === undefined || entry === 'absent') return entry;
    const page = readAbout(wpPreview, entry);
    const name = plainText(page?.title?.rendered, MAX_TITLE_CHARS);
    if (!page || !name) return malformed(read);
    const description =
      plainText(page.rank_math_meta?.meta_description, MAX_DESCRIPTION_CHARS) ||
      plainText(page.excerpt?.rendered, MAX_DESCRIPTION_CHARS);
    return {
      name,
      description,
      image: absoluteUrl(page._embedded?.['wp:featuredmedia'][0]?.source_url),
    };
  }

  const readers: Record<
    HeadRead,
    (route: string, deadline: number, url: string) => Promise<Outcome>
  > = {
    async home(_route, deadline) {
      const answer = await readJson(HOME_PAGE, deadline);
      if (answer === undefined || answer === 'absent') return undefined;
      const meta = readAbout(homeAbout, answer.json)?.rank_math_meta;
      const title = plainText(meta?.meta_title, MAX_TITLE_CHARS) || defaultTitle;
      return {
        name: title,
        title,
        description: plainText(meta?.meta_description, MAX_DESCRIPTION_CHARS),
      };
    },

    async course(route, deadline, url) {
      const slug = lastSegment(route);
      if (slug === undefined) return 'absent';
      const entry = await listEntry(`${WP}/courseList`, slug, deadline);
      if (entry === undefined || entry === 'absent') return entry;
      const about = readAbout(courseAbout, entry);
      const name = plainText(about?.title, MAX_TITLE_CHARS);
      // Its id names its details: a WordPress id, a whole number from 1.
      if (!about || !name || !Number.isInteger(about.id) || about.id < 1) {
        return malformed('course');
      }
      const detail = await readJson(`${WP}/course/${String(about.id)}`, deadline);
      const options =
        detail === undefined || detail === 'absent'
          ? []
          : (readAbout(courseOffers, detail.json)?.month_options ?? []);
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
        return amount === undefined ? [] : [offer(amount, plainText(month, 60))];
      });
      const listPrice = priceOf(about.price);
      const offers =
        byMonth.length > 0 ? byMonth : listPrice === undefined ? [] : [offer(listPrice)];
      const description = plainText(about.excerpt, MAX_DESCRIPTION_CHARS);
      const picture = absoluteUrl(about.image.url);
      return {
        name,
        description,
        image: picture,
        structuredData: [
          {
            '@context': 'https://schema.org',
            '@type': 'Course',
            name,
            ...(description ? { description } : {}),
            url,
            ...(picture ? { image: picture } : {}),
            provider: organization,
            ...(offers.length > 0 ? { offers } : {}),
            hasCourseInstance: [{ '@type': 'CourseInstance', courseMode: 'online' }],
          },
        ],
      };
    },

    async event(route, deadline, url) {
      const slug = lastSegment(route);
      if (slug === undefined) return 'absent';
      const entry = await listEntry(`${WP}/products-with-ticket`, slug, deadline);
      if (entry === undefined || entry === 'absent') return entry;
      const event = readAbout(eventAbout, entry);
      const name = plainText(event?.title, MAX_TITLE_CHARS);
      if (!event || !name) return malformed('event');
      const date = ofForm(ISO_DAY, event.date);
      const start = ofForm(ISO_TIME, event.start_time);
      const end = ofForm(ISO_TIME, event.end_time);
      const left = event.tickets_available;
      const venue = plainText(event.venue, 200);
      const city = plainText(event.location, 100);
      const day = date === undefined ? undefined : dayOf(date);
      const hours = start && end ? `${start} to ${end}` : start ? `from ${start}` : undefined;
      const summary = [[day, hours].filter(Boolean).join(', '), venue || city]
        .filter(Boolean)
        .join(', at ');
      const description = summary ? plainText(`${summary}.`, MAX_DESCRIPTION_CHARS) : '';
      const price = priceOf(event.price);
      const picture = absoluteUrl(event.image.url);
      const at = (time: string | undefined) =>
        date && time ? `${date}T${time}:00${londonOffset(date, time)}` : date;
      const [place, ...street] = venue.split(', ');
      return {
        name,
        description,
        image: picture,
        structuredData:
          day === undefined
            ? []
            : [
                {
                  '@context': 'https://schema.org',
                  '@type': 'Event',
                  name,
                  ...(description ? { description } : {}),
                  url,
                  ...(picture ? { image: picture } : {}),
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
                  organizer: organization,
                },
              ],
      };
    },

    async location(route, deadline) {
      const id = lastSegment(route);
      if (id === undefined || !isWordPressId(id)) return 'absent';
      const answer = await readJson(`${WP}/page-details/location-${id}`, deadline);
      if (answer === undefined || answer === 'absent') return answer;
      const place = readAbout(locationAbout, answer.json);
      const name = plainText(place?.title, MAX_TITLE_CHARS);
      if (!place || !name) return malformed('location');
      return {
        name,
        description:
          plainText(place.content, MAX_DESCRIPTION_CHARS) ||
          plainText(place.address, MAX_DESCRIPTION_CHARS),
        image: absoluteUrl(place.image.url),
      };
    },

    async post(route, deadline) {
      const slug = lastSegment(route);
      if (slug === undefined) return 'absent';
      const query = new URLSearchParams({ slug, _embed: 'wp:featuredmedia' });
      return wordpressEntry('post', `${WP}/posts?${query.toString()}`, slug, deadline);
    },

    async page(route, deadline) {
      const slug = lastSegment(route);
      if (slug === undefined) return 'absent';
      const query = new URLSearchParams({ slug });
      return wordpressEntry('page', `${WP}/pages?${query.toString()}`, slug, deadline);
    },
  };

  const notFound: ServedHead = {
    status: 404,
    head: {
      title: titleOf(NOT_FOUND_NAME),
      name: NOT_FOUND_NAME,
      description: deps.defaults.description,
      url: undefined,
      image: defaultImage,
      noindex: true,
      structuredData: [],
    },
  };

  /** The head a page is served with, and its status. */
  async function headFor(page: PageRequest): Promise<ServedHead> {
    const route = page.shows;
    if (!route) return notFound;
    const rule = deps.contract.heads[route.path] ?? {};
    const url = new URL(page.route, deps.publicUrl).href;
    const head: PageHead = {
      title: route.title ? titleOf(route.title) : defaultTitle,
      name: route.title ?? defaultTitle,
      description: rule.description ?? deps.defaults.description,
      url,
      image: defaultImage,
      noindex: rule.noindex ?? false,
      structuredData: [],
    };
    if (!rule.read || deps.budgetMs <= 0) return { status: 200, head };
    let about: Outcome;
    try {
      about = await readers[rule.read](page.route, now() + deps.budgetMs, url);
    } catch (error) {
      // Never a failed page for its head.
      deps.warn(`A ${rule.read} page's head could not be read: ${String(error)}`);
      about = undefined;
    }
    if (about === 'absent') return notFound;
    if (about === undefined) return { status: 200, head };
    return {
      status: 200,
      head: {
        ...head,
        title: about.title ?? titleOf(about.name),
        name: about.name,
        description: about.description || head.description,
        image: about.image ?? head.image,
        structuredData: about.structuredData ?? [],
      },
    };
  }

  return { headFor };
}
