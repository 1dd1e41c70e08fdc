import type { SampleData } from '../data/load';
import { HOME_PAGE_ID, type Course } from '../data/files';
import { productPricePence } from './catalogue';
import { formatPounds } from './money';
import { decodeEntities, htmlToText } from './text';

/** A product's picture, as the course and event lists give it. */
type HitImage = Course['image'];

/**
 * One search hit, in the storefront's `SearchResult` shape. A course's or an event's also names
 * its WooCommerce product, its picture and its listed price, as the course and event lists do:
 * the header's suggestions show them.
 */
export interface SearchResult {
  id: number;
  title: string;
  url: string;
  type: 'course' | 'event' | 'post' | 'page';
  /** HTML */
  excerpt: string;
  product_id?: number;
  image?: HitImage;
  /** The "from" price, "49.99". */
  price?: string;
}

interface IndexEntry {
  result: SearchResult;
  title: string;
  text: string;
}

function formatEventDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Builds the search index over courses, events, posts and pages once at start: plain,
 * lower-cased text (tags and scripts dropped, entities decoded) so matching is case-insensitive
 * and never hits markup. URLs are the storefront's own routes.
 */
export function buildSearchIndex(data: SampleData): IndexEntry[] {
  const product = (item: { product_id: number; image: HitImage }) => {
    const sold = data.productsById.get(item.product_id);
    return {
      product_id: item.product_id,
      image: item.image,
      price: sold ? formatPounds(productPricePence(sold)) : '',
    };
  };
  const entry = (result: SearchResult, ...texts: string[]): IndexEntry => ({
    result,
    title: result.title.toLowerCase(),
    text: [result.title, ...texts.map(htmlToText)].join(' ').toLowerCase(),
  });
  return [
    ...data.courses.map((course) =>
      entry(
        {
          id: course.id,
          title: course.title,
          url: `/courses/${course.slug}`,
          type: 'course',
          excerpt: course.excerpt,
          ...product(course),
        },
        course.exam,
        course.excerpt,
        course.content,
        ...course.highlights,
      ),
    ),
    ...data.events.map((event) =>
      entry(
        {
          id: event.id,
          title: event.title,
          url: `/events/${event.slug}`,
          type: 'event',
          excerpt: `<p>${formatEventDate(event.date)}, ${event.location}</p>`,
          ...product(event),
        },
        event.location,
        event.venue,
      ),
    ),
    ...data.posts.map((post) =>
      entry(
        {
          id: post.id,
          title: decodeEntities(post.title.rendered),
          url: `/blogs/${post.slug}`,
          type: 'post',
          excerpt: post.excerpt.rendered,
        },
        post.excerpt.rendered,
        post.content.rendered,
      ),
    ),
    ...data.pages.map((page) =>
      entry(
        {
          id: page.id,
          title: decodeEntities(page.title.rendered),
          // The page's path (a child's under its parent's), without WordPress's closing slash.
          url: page.id === HOME_PAGE_ID ? '/' : new URL(page.link).pathname.replace(/\/$/, ''),
          type: 'page',
          excerpt: page.excerpt.rendered,
        },
        page.excerpt.rendered,
        page.content.rendered,
      ),
    ),
  ];
}

/**
 * Entries containing every word of `term` (case-insensitive), those whose title contains the
 * whole term first; otherwise in index order (courses, events, posts, pages).
 */
export function searchIndex(index: readonly IndexEntry[], term: string): SearchResult[] {
  const phrase = term.trim().toLowerCase();
  const words = phrase.split(/\s+/).filter((word) => word !== '');
  const hits = index.filter((entry) => words.every((word) => entry.text.includes(word)));
  return [
    ...hits.filter((entry) => entry.title.includes(phrase)),
    ...hits.filter((entry) => !entry.title.includes(phrase)),
  ].map((entry) => entry.result);
}
