/**
 * Text the HTML parser gives back unchanged: no entity or markup (`&`, `<`), none of the
 * characters it drops or rewrites (NUL, CR), no whitespace at the start (dropped before the body).
 */
const PLAIN = /^(?![\t\n\f\r ])[^&<\0\r]*$/;

/** How many decoded texts are kept: a page's titles, each decoded once however often it shows. */
const KEPT = 500;
const decoded = new Map<string, string>();

/**
 * Backend text with HTML entities (WordPress titles), as plain text. The text is parsed in a
 * document of its own, which runs no script and loads nothing, and only its text is kept. Text
 * with nothing to decode is its own answer; a title shown in several places, or told to
 * analytics, is parsed once.
 */
export function decodeEntities(text: unknown): string {
  if (typeof text !== 'string') return '';
  if (PLAIN.test(text)) return text;
  let answer = decoded.get(text);
  if (answer === undefined) {
    answer = new DOMParser().parseFromString(text, 'text/html').body.textContent;
    if (decoded.size >= KEPT) decoded.clear();
    decoded.set(text, answer);
  }
  return answer;
}
