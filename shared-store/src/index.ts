/**
 * shared-store: the one contract between the shell and the remotes. It exports what they use and
 * nothing else; each name is documented where it is defined. Tests reach the rest through
 * `shared-store/testing`.
 */
import type { ComponentType } from 'react';

/** What every exposed remote module looks like to the shell. */
export interface RemoteComponentModule {
  default: ComponentType;
}

// The platform's constants, the contracts between teams and the texts visitors see, word for word.
export {
  SHARED_STORE_VERSION,
  FOOTER_SHOW_DELAY_MS,
  SUBSCRIPTION_TIERS,
  COURSES_SECTION_ID,
  MESSAGES,
  type SubscriptionTier,
} from './constants';

// The page contract: the shell's routes and layout, and what the gateway and the browser agree on.
export { PAGE_CONTRACT, BARE_IN_APP_ROUTES } from './page/contract';
export { pageReadUrl } from './page/pageReads';
export { routeOf } from './page/routeOf';
export {
  entryBySlug,
  type HeadInput,
  type HeadOutcome,
  type ServerDrawing,
  type ServerRenderInput,
  type ServerRenderer,
} from './page/serverRender';
export type { PageRoute, LayoutSlot, PageRead } from './page/contract';

// Backend data as the pages read it.
export type { HomePage } from './api/types';
export { ApiError, apiClient } from './api/client';
export {
  answerOf,
  read,
  useRead,
  createQuery,
  listRead,
  oneRead,
  prefetchRead,
  readAtHand,
  rejecting,
  serveAnswers,
  type ReadState,
} from './api/read';
export { listOf, anyList, anyRecord, text, wpImage, wpPreview, wpRendered } from './api/schemas';
export { takePreloadedStamp } from './api/preloaded';
export { contentReads } from './api/content';
export { priceIds, shopReads } from './api/commerce';

// Money, HTML and small helpers.
export {
  formatPrice,
  roundMoney,
  sumLines,
  addMoney,
  subtractMoney,
  toNumber,
  toPrice,
  MAX_PRICE,
} from './lib/money';
export { decodeEntities } from './lib/entities';
export { PlainText, serverPlainText, useHeadText, useShownText } from './lib/plainText';
export { safeUrl } from './lib/url';
export { COURSE_ID_PARAM, courseByIdPath, coursePath, eventPath, linkTarget } from './lib/links';
export { readPublicConfig, dashboardUrl } from './lib/publicConfig';
export { useMounted } from './lib/useMounted';
export { MonthChoices } from './ui/MonthChoices';
export {
  DEFAULT_DESCRIPTION,
  metaDescription,
  useDocumentTitle,
  SITE_NAME,
} from './lib/useDocumentTitle';
export { validateEmail } from './lib/validation';
export { keepTabWithin } from './lib/focusTrap';
export { monthOptions, productPriceText, type MonthOption } from './lib/variations';

// The event bus.
export { EventBus, askToOpenCart, eventBus, notify, type BusEventOf } from './bus/eventBus';
// The analytics events every team pushes through the bus (GA4's e-commerce events and items).
export {
  ANALYTICS_CURRENCY,
  EXAMS,
  examOf,
  analyticsItem,
  trackEvent,
  type AnalyticsItem,
  type ItemList,
} from './bus/analytics';

// Storage, session and the company's app.
export {
  STORAGE_KEYS,
  safeStorage,
  captureCampaignIds,
  type KeyValueStorage,
} from './session/storage';
export { SESSION_EXPIRED_QUERY } from './session/session';
export { useSession } from './session/useSession';
export { joinSession, type SessionParticipant } from './session/participants';
export { selectLogoutStatus, selectStorageLost } from './session/sessionStatusSlice';
export { selectIsLoggedIn } from './session/loginSlice';
export { isMobileApp, isIosApp } from './session/mobileApp';
export {
  allowsTagManager,
  consentModeOf,
  readConsent,
  saveConsent,
  tagManagerScriptUrl,
  type Consent,
} from './session/consent';

// The store, slice injection, its hooks and the page's providers.
export { mountApp, type MountOptions } from './app/mountApp';
// makeStore: a store of the page's shape and no persistence, as a team's server renderer draws in.
export {
  addMiddleware,
  makeStore,
  type AppDispatch,
  type AppStore,
  type RootState,
} from './store/makeStore';
export { injectSlice } from './store/slices';
/**
 * Each team adds its slices to the page's state type by declaration merging, which is a use no
 * import shows.
 * @public
 */
export type { TeamSlices } from './store/slices';
// What a team builds its slices and middleware with: the store's own toolkit, one copy on the page.
export {
  createListenerMiddleware,
  createSlice,
  original,
  type UnknownAction,
} from '@reduxjs/toolkit';
export { createListSlice, storedList } from './store/listSlice';
export { onStoredStateChanged, type StoredState } from './store/storedState';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks';

// What one team's model offers the others (the shell provides it).
export { provideModel, useModel } from './store/models';
export {
  cartLabel,
  useCartCount,
  type AddOutcome,
  type CartModel,
  type PackageChoice,
} from './contract/cartModel';
