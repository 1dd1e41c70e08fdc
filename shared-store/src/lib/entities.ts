/**
 * Backend text with HTML entities (WordPress titles), as plain text. The text is parsed in a
 * document of its own, which runs no script and loads nothing, and only its text is kept.
 */
export function decodeEntities(text: unknown): string {
  if (typeof text !== 'string') return '';
  return new DOMParser().parseFromString(text, 'text/html').body.textContent;
}
