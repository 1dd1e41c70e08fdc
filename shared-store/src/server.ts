/**
 * shared-store for Node: what the gateway and the build scripts read with the page's code, built
 * to dist/ (`npm run build -w shared-store`, tsconfig.build.json). The backend's answers are read
 * through the same shapes as in the browser, and the shell's page contract through its one
 * declaration. The page's code uses the package's main entry, never this one.
 *
 * The home remote's shapes the gateway reads a page's head or a server render's answers with
 * (course, courseDetails, homePage, locationPage, ticketEvent, wpPreview) stay here, not in
 * remote-home: the gateway never runs a remote's code in its own process (a remote's renderers
 * run sandboxed, gateway/src/page/serverRender.ts), so it cannot import them from the remote.
 */
export {
  course,
  courseDetails,
  HOME_PAGE_ID,
  homePage,
  locationPage,
  ticketEvent,
  wpPreview,
} from './api/schemas';
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
export type { ServerDrawing, ServerRenderInput, ServerRenderer } from './page/serverRender';
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
