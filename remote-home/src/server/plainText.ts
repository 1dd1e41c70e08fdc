import { decodeHTML } from 'entities';
import type { PlainTextReading } from '../components/plainText';

/** What the HTML parser leaves out of a document's body: the white space before its first text. */
const LEADING_SPACE = /^[\t\n\f ]+/;

/**
 * WordPress's text as the browser's decodeEntities reads it (parsed as a document of its own, the
 * body's text kept), without a document: character references decoded as the HTML parser decodes
 * them (entities follows the HTML standard), the white space before the first other character
 * dropped as the parser drops it. Undefined for text this cannot read exactly as the browser does:
 * markup (`<`), which the parser makes elements of, and carriage returns and NULs, which it
 * rewrites or drops by rules of their own.
 */
export function plainTextOf(text: unknown): string | undefined {
  if (typeof text !== 'string') return '';
  if (/[<\r\0]/.test(text)) return undefined;
  const decoded = decodeHTML(text);
  return decoded.includes('\r') ? undefined : decoded.replace(LEADING_SPACE, '');
}

/**
 * The server's reading of WordPress's text for one page, and whether it read every text the page
 * shows exactly as the browser will (when not, the page is not drawn: the browser would change it).
 */
export function serverPlainText(): { reading: PlainTextReading; exact: () => boolean } {
  let exact = true;
  return {
    reading: {
      shown: (text) => {
        const plain = plainTextOf(text);
        if (plain === undefined) exact = false;
        return plain ?? '';
      },
      // The page's head is set by an effect, which never runs on the server: the gateway serves
      // the page's head itself.
      head: () => '',
    },
    exact: () => exact,
  };
}
