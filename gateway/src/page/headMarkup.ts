import { decodeEntities, escapeHtml, escapeJsonForHtml } from './htmlText';

/**
 * The head of the page the gateway serves, which is what a search engine or a shared link's
 * preview reads (neither runs the shell): the title, description, canonical address, Open Graph
 * and structured data. Pure: servedHeads.ts works out what a page is about.
 */

/** The site's name: the end of every page's title, and Open Graph's site name. */
export const SITE_NAME = 'Arora Medical Education';

/** The longest title or description the page carries (a search result shows about this much). */
export const MAX_TITLE_CHARS = 120;
export const MAX_DESCRIPTION_CHARS = 160;

/** A page's head, every value plain text (pageHead escapes it where it goes). */
export interface PageHead {
  /** The whole `<title>`. */
  title: string;
  /** What the page shows, without the site's name (`og:title`). */
  name: string;
  description: string | undefined;
  /** Its one address (`canonical`, `og:url`), absolute; none for a page not found. */
  url: string | undefined;
  /** An absolute http(s) URL (`og:image`). */
  image: string | undefined;
  noindex: boolean;
  /** schema.org objects, each in a JSON-LD element of its own. */
  structuredData: readonly Record<string, unknown>[];
}

/** "{name} | Arora Medical Education". */
export function titleOf(name: string): string {
  return `${name} | ${SITE_NAME}`;
}

/**
 * The title, description and share image the shell's template is built with: the site's
 * defaults, a page without its own image previewing with the brand's.
 */
export interface TemplateHead {
  title: string | undefined;
  description: string | undefined;
  /** The `og:image` address as the template writes it (relative to the site). */
  image: string | undefined;
}

const TEMPLATE_TITLE = /<title>([^<]*)<\/title>/i;
const TEMPLATE_DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/i;
const TEMPLATE_IMAGE = /<meta\s+property="og:image"\s+content="([^"]*)"\s*\/?>/i;

/** The template's own title, description and share image, as text. */
export function templateHead(template: string): TemplateHead {
  const text = (pattern: RegExp) => {
    const value = pattern.exec(template)?.[1]?.trim();
    return value ? decodeEntities(value) : undefined;
  };
  return {
    title: text(TEMPLATE_TITLE),
    description: text(TEMPLATE_DESCRIPTION),
    image: text(TEMPLATE_IMAGE),
  };
}

/** The page without the template's own head: the page's head replaces it. */
export function withoutTemplateHead(page: string): string {
  return page
    .replace(TEMPLATE_TITLE, '')
    .replace(TEMPLATE_DESCRIPTION, '')
    .replace(TEMPLATE_IMAGE, '');
}

const meta = (attribute: 'name' | 'property', key: string, value: string | undefined) =>
  value === undefined ? '' : `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

/** The head's elements, every value escaped. */
export function headMarkup(head: PageHead): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.url === undefined ? '' : `<link rel="canonical" href="${escapeHtml(head.url)}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:title', head.name),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...head.structuredData.map(
      (data) => `<script type="application/ld+json">${escapeJsonForHtml(data)}</script>`,
    ),
  ].join('');
}
