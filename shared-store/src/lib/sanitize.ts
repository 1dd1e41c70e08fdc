import DOMPurify from 'dompurify';
import { linkTarget } from './links';

/**
 * Cleans backend HTML for the DOM: no scripts, handlers, iframes, forms or script URLs; links that
 * open a new tab get rel="noopener noreferrer".
 */
export function sanitizeHtml(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}

/** An element of whichever DOM the sanitizer works on (the page's, or jsdom's on the server). */
function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (!isElement(node)) return;
  if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  // A link to the WordPress site's own pages is a link to the storefront's (lib/links.ts).
  const href = node.getAttribute('href');
  const target = href === null ? null : linkTarget(href);
  if (target && !target.external) node.setAttribute('href', target.to);
});

/** Backend text with HTML entities (WordPress titles), as plain text. */
export function decodeEntities(text: unknown): string {
  if (typeof text !== 'string') return '';
  const doc = new DOMParser().parseFromString(sanitizeHtml(text), 'text/html');
  return doc.body.textContent;
}
