import type { SampleData } from '../data/load';
import { HOME_PAGE_ID } from '../data/files';
import { decodeEntities, htmlToText } from './text';

/** One search hit, in the storefront's `SearchResult` shape. */
export interface SearchResult {
  id: number;
  title: string;
  url: string;
  type: 'course' | 'event' | 'post' | 'page';
  /** HTML */
  excerpt: string;
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
