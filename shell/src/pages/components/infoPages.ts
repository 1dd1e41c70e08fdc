import * as v from 'valibot';
import { createQuery, rejecting } from 'shared-store';

/** A page the site serves from custom/v1 by name: its title and its HTML. */
export interface InfoPageView {
  /** As WordPress wrote it, references and all: the page reads it as plain text (PlainText). */
  title: string;
  /** Backend HTML, sanitized by the gateway that served it. */
  html: string;
}

/**
 * One of the site's info pages by name (custom/v1: `404`, `acceptable-use-policy`):
 * `{ title, content }`. A failure rejects, so the page can offer to try again; an answer of
 * another shape is null (logged once).
 */
export const infoPageRead = rejecting(
  createQuery<string, InfoPageView | null>({
    name: 'infoPage',
    request: (name: string) => ({ path: `/wp-json/custom/v1/${encodeURIComponent(name)}` }),
    schema: v.pipe(
      v.looseObject({ title: v.optional(v.string(), ''), content: v.string() }),
      v.transform((page): InfoPageView => ({
        title: page.title,
        html: page.content.trim(),
      })),
    ),
    empty: null,
  }),
);
