import * as v from 'valibot';
import { text } from 'shared-store';

/**
 * The header's backend data: the promotional banner's answer, checked where it enters
 * (`useRead`), and the menu as `cleanMenu` (menu.ts) builds it from WordPress's.
 */

/** GET custom/v2/getPromotionalBanner */
export const promotionalBanner = v.looseObject({
  promotional_text: v.string(),
  promotional_link: v.looseObject({
    title: text,
    url: text,
    target: v.fallback(v.optional(v.string()), undefined),
  }),
  // Seconds for one pass of the scrolling text, as a number or text; the banner reads any other
  // value as its default speed.
  promotional_speed: v.optional(v.unknown(), ''),
});

/** GET wp/v2/menu_home: a list of top-level items, children nested in `items`. */
export interface MenuItem {
  ID: number;
  /** HTML, sanitized by the gateway that served the menu. */
  title: string;
  url: string;
  target?: string;
  items?: MenuItem[];
}
