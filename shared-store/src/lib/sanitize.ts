import createDOMPurify, { type WindowLike } from 'dompurify';
import { PAGE_CONTRACT } from '../page/contract';
import { linkTarget } from './links';

/** The addresses a backend link may point at and still be a link of the storefront's own. */
export interface SanitizerOrigins {
  /** The storefront's public address. */
  site: string;
  /** The WordPress site's public origin: its pages are the storefront's routes. */
  wordpress: string;
}

/** Backend HTML made safe for the DOM (createHtmlSanitizer). */
export type HtmlSanitizer = (html: unknown) => string;

/** An element of the DOM the sanitizer works on (jsdom's, on the server). */
function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

/**
 * The one sanitizer of backend HTML, run where the backend's answers enter the storefront (the
 * gateway), on `window`'s DOM (jsdom's): no scripts, handlers, iframes, forms, styles, script
 * URLs or reads for the page to make ahead (the page contract's prefetchAttribute); links that open a new tab get rel="noopener noreferrer"; a link to the WordPress site's
 * own pages (or to the storefront) becomes the storefront's route (lib/links.ts). Anything that is
 * not a string is the empty string.
 */
export function createHtmlSanitizer(window: WindowLike, origins: SanitizerOrigins): HtmlSanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!isElement(node)) return;
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    const href = node.getAttribute('href');
    const target = href === null ? null : linkTarget(href, origins.wordpress, origins.site);
    if (target && !target.external) node.setAttribute('href', target.to);
  });
  return (html) => {
    if (typeof html !== 'string' || html === '') return '';
    return purify.sanitize(html, {
      FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'object', 'embed', 'svg', 'math'],
      // A link's reads to make ahead are the storefront's own to name, never the backend's.
      FORBID_ATTR: ['style', PAGE_CONTRACT.markup.prefetchAttribute],
      ADD_ATTR: ['target'],
      ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    });
  };
}
