import type * as v from 'valibot';
import type { homePage } from './schemas';

/**
 * Shapes of the backend responses the storefront reads. WordPress core routes follow a real
 * WordPress 6.1 (bare arrays, `title.rendered` with HTML entities, `{code, message, data}` errors);
 * the site's own routes (menu_home, courseList, custom/v1, custom/v2, the gateway's shop API, cart service)
 * are defined here. Everything is parsed defensively: a field may be missing or of the wrong type.
 * A shape the pages check (schemas.ts) is declared there once, and its type here is what it reads
 * an answer as; the others are built by code (a menu, the banner's slides) or only sent.
 */

/** WordPress REST error body, e.g. `rest_no_route` 404. */
export interface WpError {
  code: string;
  message: string;
  data?: { status?: number } | null;
}

/** GET wp/v2/pages/{HOME_PAGE_ID}: a WordPress page plus the ACF and Rank Math fields. */
export type HomePage = v.InferOutput<typeof homePage>;

/** POST jwt-auth/v1/token */
export interface JwtLoginResponse {
  token: string;
  user_id: number;
  user_email: string;
  user_nicename: string;
  user_display_name: string;
}
