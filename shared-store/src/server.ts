/**
 * shared-store for Node: what the gateway and the build scripts read with the page's code, built
 * to dist/ (`npm run build -w shared-store`, tsconfig.build.json). The backend's answers are read
 * through the same shapes as in the browser, and the shell's page contract through its one
 * declaration. The page's code uses the package's main entry, never this one.
 *
 * What a course, an event or a centre is about (a page's head) is read by the home remote's own
 * code from its own shapes (remote-home/src/data/shapes.ts): its `heads`, which its server entry
 * (dist/server/pages.js) exports beside its `renderers`, run in the renderers' sandboxed process
 * (gateway/src/page/serverRender.ts), never in the gateway's: a field added to a course ships with
 * the home remote alone. The shapes here are those of the pages the gateway reads itself: the
 * home page (its SEO fields, the site's logo) and a post's or a page's preview.
 */
export { HOME_PAGE_ID, homePage, wpPreview } from './api/schemas';
export {
  parsePageContract,
  remoteNamesOf,
  routeOf,
  type HeadRead,
  type PageContract,
  type PageMarkup,
  type PageRoute,
} from './page/contractReader';
export { PAGE_CONTRACT_FILE, readPageContract } from './page/contractFile';
export { createHtmlSanitizer, type HtmlSanitizer, type SanitizerOrigins } from './lib/sanitize';
export { pageReadUrl } from './page/pageReads';
export { servedKey } from './page/servedKey';
export {
  entryBySlug,
  type HeadAnswer,
  type HeadInput,
  type HeadOutcome,
  type PageSubject,
  type ServerDrawing,
  type ServerRenderInput,
  type ServerRenderer,
} from './page/serverRender';
export {
  allowsTagManager,
  CONSENT_COOKIE,
  CONSENT_VALUE_PATTERN,
  consentModeOf,
  parseConsent,
  TAG_MANAGER_ID,
  TAG_MANAGER_ORIGIN,
  tagManagerScriptUrl,
} from './session/consent';
