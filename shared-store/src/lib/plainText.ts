import { createContext, useContext, useMemo } from 'react';
import { decodeEntities } from './entities';

/**
 * How a page reads WordPress's text (a title with `&#8217;` in it) as plain text. In the browser
 * it is decodeEntities, which parses the text as a document of its own. A server renderer has no
 * document: it gives its pages serverPlainText's reading instead, which reads each text exactly as
 * the browser does, or says it cannot (the page is then not drawn: the browser would change it).
 */
export interface PlainTextReading {
  /** Text the page shows. */
  shown: (text: unknown) => string;
  /** Text only the page's head takes (its description), which an effect sets. */
  head: (text: unknown) => string;
}

export const PlainText = createContext<PlainTextReading>({
  shown: decodeEntities,
  head: decodeEntities,
});

/** Text the page shows, as plain text. Reading parses it: once per text, not per render. */
export function useShownText(text: unknown): string {
  const { shown } = useContext(PlainText);
  return useMemo(() => shown(text), [shown, text]);
}

/** Text only the page's head takes (its description), as plain text. */
export function useHeadText(text: unknown): string {
  const { head } = useContext(PlainText);
  return useMemo(() => head(text), [head, text]);
}

/** What the HTML parser leaves out of a document's body: the white space before its first text. */
const LEADING_SPACE = /^[\t\n\f ]+/;

/**
 * WordPress's text as decodeEntities reads it, without a document: its character references
 * decoded by `decodeHtml` (the HTML standard's decoding of text, which the server's build brings:
 * entities' decodeHTML; this package carries no table of references to the page), the white space
 * before the first other character dropped as the parser drops it. Undefined for text this cannot
 * read exactly as the browser does: markup (`<`), which the parser makes elements of, and carriage
 * returns and NULs, which it rewrites or drops by rules of their own.
 */
export function plainTextOf(
  text: unknown,
  decodeHtml: (text: string) => string,
): string | undefined {
  if (typeof text !== 'string') return '';
  if (/[<\r\0]/.test(text)) return undefined;
  const decoded = decodeHtml(text);
  return decoded.includes('\r') ? undefined : decoded.replace(LEADING_SPACE, '');
}

/**
 * A server renderer's reading of WordPress's text for one page (PlainText's value), and whether it
 * read every text the page shows exactly as the browser will.
 */
export function serverPlainText(decodeHtml: (text: string) => string): {
  reading: PlainTextReading;
  exact: () => boolean;
} {
  let exact = true;
  return {
    reading: {
      shown: (text) => {
        const plain = plainTextOf(text, decodeHtml);
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
