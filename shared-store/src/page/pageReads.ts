import type { PageRead } from './contractReader';

/** A segment a page's read asks for as it is: letters, digits, `-` and `_`, nothing to encode. */
const PLAIN_SEGMENT = /^[\w-]+$/;

/** The page a read is for: its address, and the route (`/blogs/:slug`) it matched. */
export interface ReadPage {
  /** The address's path, e.g. `/blogs/plab-tips`. */
  path: string;
  /** The route's pattern, e.g. `/blogs/:slug`. */
  pattern: string;
  /** The address's query, with or without its `?`. */
  search: string;
  /** The page's time, which a never-cached read carries. */
  now: number;
  /** The query parameter that carries it (the page contract's `markup.stampParameter`). */
  stampParameter: string;
}

/**
 * The route's named segments at this address: `/blogs/:slug` at `/blogs/plab-tips` gives
 * `{ slug: 'plab-tips' }`. A segment that is not plain (PLAIN_SEGMENT) is left out: the page's
 * read of it may be written otherwise, and a read the page does not use is a wasted download.
 */
function segmentsOf(pattern: string, path: string): Map<string, string> {
  const parts = path.replace(/(.)\/+$/, '$1').split('/');
  const segments = new Map<string, string>();
  pattern.split('/').forEach((name, i) => {
    const part = parts[i];
    if (name.startsWith(':') && part !== undefined && PLAIN_SEGMENT.test(part)) {
      segments.set(name.slice(1), part);
    }
  });
  return segments;
}

/** `text` with each `:name` as the route's segment; undefined when the route has no such one. */
function withSegments(text: string, segments: Map<string, string>): string | undefined {
  const names = [...text.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  if (!names.every((name) => segments.has(name))) return undefined;
  return text.replace(/:(\w+)/g, (_match, name: string) => segments.get(name) ?? '');
}

/**
 * The URL of a read a page starts with (the page contract's `layoutData` and routes' `data`),
 * exactly as the page's own read asks for it, so that the browser answers the one with the other;
 * undefined when this page asks for none. The gateway names these URLs in the page it serves, and
 * the shell starts them when the visitor comes from another page.
 * - a `stamped` read is never cached, so it carries the page's time;
 * - a read with a `query` passes the page's parameter on, trimmed; a blank one asks for nothing;
 * - a `:name` in a read's path or `params` is the route's segment of that name, when it is plain;
 *   otherwise the page asks for nothing.
 */
export function pageReadUrl(read: PageRead, page: ReadPage): string | undefined {
  const segments = segmentsOf(page.pattern, page.path);
  const path = withSegments(read.path, segments);
  if (path === undefined) return undefined;
  if (read.stamped) return `${path}?${page.stampParameter}=${String(page.now)}`;
  if (read.query) {
    const value = new URLSearchParams(page.search).get(read.query)?.trim();
    return value ? `${path}?${new URLSearchParams({ [read.query]: value }).toString()}` : undefined;
  }
  if (!read.params) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(read.params)) {
    const filled = withSegments(value, segments);
    if (filled === undefined) return undefined;
    params.set(name, filled);
  }
  return `${path}?${params.toString()}`;
}
