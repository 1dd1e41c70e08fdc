import {
  field,
  formatDate,
  listField,
  numberField,
  rendered,
  text,
  toFiniteNumber,
} from './messages';

/** A blog post as the pages show it, read defensively from the WordPress answer. */
export interface PostView {
  key: string;
  slug: string;
  /** Plain text: entities decoded. */
  title: string;
  /** Machine-readable date for <time>, and the en-GB text shown. */
  dateTime: string;
  date: string;
  /** Backend HTML, sanitized by the gateway that served it. */
  excerptHtml: string;
  contentHtml: string;
  categories: number[];
}

export interface CategoryView {
  id: number;
  name: string;
}

/** How a page reads WordPress's text as plain text: its PlainText reading's `shown`. */
type ReadText = (text: unknown) => string;

/** The post, or null when it has no slug to link to. */
export function toPostView(raw: unknown, readText: ReadText): PostView | null {
  const slug = text(raw, 'slug');
  if (slug === '') return null;
  const dateTime = text(raw, 'date');
  return {
    key: String(numberField(raw, 'id') ?? slug),
    slug,
    title: readText(rendered(field(raw, 'title'))),
    dateTime,
    date: formatDate(dateTime),
    excerptHtml: rendered(field(raw, 'excerpt')),
    contentHtml: rendered(field(raw, 'content')),
    categories: listField(raw, 'categories')
      .map(toFiniteNumber)
      .filter((id): id is number => id !== null),
  };
}

/** The category, or null without an id or a name. */
export function toCategoryView(raw: unknown, readText: ReadText): CategoryView | null {
  const id = numberField(raw, 'id');
  const name = readText(text(raw, 'name')).trim();
  return id === null || name === '' ? null : { id, name };
}

/** Where a post lives on the storefront. */
export function postPath(slug: string): string {
  return `/blogs/${encodeURIComponent(slug)}`;
}
