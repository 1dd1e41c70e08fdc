import { decodeHTML } from 'entities';

/**
 * Text going into the page the gateway serves: escaped for where it goes, and backend HTML made
 * plain text first (tags dropped, entities decoded), so nothing from WordPress becomes markup.
 */

/** Escapes text for an attribute value or an element's text. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * JSON for a `<script>` data element: nothing in it can end the element or open a comment
 * (`<` and `>` escaped), and it reads the same in JSON and in JavaScript.
 */
export function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Decodes character references (`&#8217;`, `&#x2019;`, `&amp;`, every HTML named one) as a browser
 * does: one that names no character is the replacement character, an unknown name stays as it is.
 */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** Elements whose content a reader never sees as text. */
const HIDDEN_ELEMENTS = /<(script|style|template|noscript|iframe|object|svg)\b[\s\S]*?<\/\1\s*>/gi;

/**
 * What a reader sees of a piece of backend HTML, as one line of plain text: hidden elements and
 * comments dropped, tags dropped, character references decoded, white space collapsed, and cut
 * at a word to at most `maxChars` (with an ellipsis). Anything but a string is ''.
 */
export function plainText(html: unknown, maxChars = Number.POSITIVE_INFINITY): string {
  if (typeof html !== 'string') return '';
  const text = decodeEntities(
    html
      .replace(HIDDEN_ELEMENTS, ' ')
      .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
      .replace(/<\/?[a-zA-Z][^>]*(?:>|$)/g, ' '),
  )
    // Control characters are never text a reader sees.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > maxChars / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
