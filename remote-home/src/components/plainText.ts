import { createContext, useContext, useMemo } from 'react';
import { decodeEntities } from 'shared-store';

/**
 * How the pages read WordPress's text (a title with `&#8217;` in it) as plain text. In the browser
 * it is shared-store's decodeEntities, which parses the text as a document of its own. The server
 * renderer has no document: it reads the text itself (server/plainText.ts), exactly as the browser
 * does, or says it cannot and renders nothing.
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
