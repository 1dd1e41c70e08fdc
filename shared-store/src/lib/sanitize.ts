import DOMPurify from 'dompurify';

const SAFE_URL = /^(?:https?:|mailto:|tel:|\/|#|\?|\.{0,2}\/)/i;

/** A URL that is safe to put in href/src: http(s), mailto, tel or relative; otherwise '#'. */
export function safeUrl(url: unknown): string {
  if (typeof url !== 'string') return '#';
  const trimmed = url.trim();
  // Control characters and whitespace inside a scheme are a classic way to hide javascript:.
  let normalized = '';
  for (let i = 0; i < trimmed.length; i += 1) {
    if (trimmed.charCodeAt(i) > 0x20) normalized += trimmed.charAt(i);
  }
  if (!normalized) return '#';
  if (/^[a-z][a-z0-9+.-]*:/i.test(normalized) && !SAFE_URL.test(normalized)) return '#';
  return SAFE_URL.test(normalized) || !normalized.includes(':') ? trimmed : '#';
}

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
  if (isElement(node) && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Backend text with HTML entities (WordPress titles), as plain text. */
export function decodeEntities(text: unknown): string {
  if (typeof text !== 'string') return '';
  const doc = new DOMParser().parseFromString(sanitizeHtml(text), 'text/html');
  return doc.body.textContent;
}
