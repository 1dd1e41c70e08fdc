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

// The specification's constants and texts.
export {
  SHARED_STORE_VERSION,
  SESSION_CHECK_INTERVAL_MS,
  POPUP_DELAY_MS,
  FOOTER_SHOW_DELAY_MS,
  TRUST_SLIDER_AUTOPLAY_DELAY_MS,
  BANNER_PAUSE_CAP_MS,
  BANNER_SMALL_SCREEN_EXTRA_S,
  SEARCH_MODAL_CLOSE_MS,
  IOS_DASHBOARD_REDIRECT_MS,
  LOGO_SIZE,
  SUBSCRIPTION_TIERS,
  TOAST_AUTO_CLOSE_MS,
  SCROLL_TOP_THRESHOLD_PX,
  COURSES_SECTION_ID,
  MESSAGES,
  type SubscriptionTier,
} from './constants';

// The page contract: the shell's routes and layout, and what the gateway and the browser agree on.
export { PAGE_CONTRACT, BARE_IN_APP_ROUTES } from './page/contract';
export type {
  PageContract,
  PageRoute,
  PageHead,
  LayoutSlot,
  PageRead,
  PageMarkup,
} from './page/contract';

// Backend data as the pages read it.
export type {
  WpImage,
  MenuItem,
  HomeBanner,
  Course,
  EventItem,
  Partner,
  HomePage,
  SubscriptionPackage,
  PromotionalBanner,
  WcOrder,
  RewardBalance,
  OrderTracking,
} from './api/types';
export { ApiError, apiClient } from './api/client';
export {
  read,
  useRead,
  createQuery,
  listRead,
  oneRead,
  rejecting,
  type Read,
  type ReadState,
} from './api/read';
export { listOf } from './api/schemas';
export { contentReads } from './api/content';
export { siteApi, siteReads } from './api/site';
export { commerceApi, shopReads, priceChangeOf, type OrderRequest } from './api/commerce';
export type { FooterData, FooterLink } from './api/footer';

// Money, HTML and small helpers.
export {
  formatPrice,
  roundMoney,
  sumLines,
  toNumber,
  toPrice,
  MAX_PRICE,
  MAX_QUANTITY,
} from './lib/money';
export { sanitizeHtml, decodeEntities } from './lib/sanitize';
export { safeUrl } from './lib/url';
export { linkTarget, type LinkTarget } from './lib/links';
export { cartLabel } from './lib/labels';
export { readPublicConfig, dashboardUrl } from './lib/publicConfig';
export {
  useMediaQuery,
  MOBILE_QUERY,
  SMALL_SCREEN_QUERY,
  REDUCED_MOTION_QUERY,
} from './lib/useMediaQuery';
export { useMounted } from './lib/useMounted';
export { useDocumentTitle, SITE_NAME } from './lib/useDocumentTitle';
export { validateEmail } from './lib/validation';
export { keepTabWithin } from './lib/focusTrap';
export { monthOptions, type MonthOption } from './lib/variations';

// The event bus.
export { EventBus, eventBus, notify, track, type BusEventOf } from './bus/eventBus';

// Storage, session and the company's app.
export {
  STORAGE_KEYS,
  safeStorage,
  captureCampaignIds,
  type KeyValueStorage,
} from './session/storage';
export { CART_FROM_NEWER_VERSION_MESSAGE } from './session/session';
export { useSession } from './session/useSession';
export { isMobileApp, isIosApp } from './session/mobileApp';

// The store, its hooks and the page's providers.
export { mountApp } from './app/mountApp';
export type { AppDispatch } from './store/makeStore';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks';

// The cart.
export type { CartItem } from './features/cart/cartLines';
export {
  itemUpdated,
  packageReplaced,
  courseDeleted,
  cartCleared,
  couponApplied,
  couponRemoved,
  rewardApplied,
  rewardRemoved,
  linePricesChanged,
  durationSet,
  orderPlaced,
  orderPaid,
  orderAbandoned,
  selectCartItems,
  selectTotalQuantity,
  selectTotalAmount,
  selectSubtotal,
  selectCoupon,
  selectRewardAmount,
  selectDurations,
  selectPendingOrder,
  selectPendingOrderId,
} from './features/cart/cartSlice';
export {
  selectCartSyncStatus,
  selectLogoutStatus,
  selectStorageLost,
} from './features/cart/cartSyncSlice';
export { selectIsLoggedIn } from './features/login/loginSlice';
export { subscriptionAdded } from './features/subscription/subscriptionSlice';

// Home page and header data.
export {
  headerLogoSlice,
  headerMenuSlice,
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
} from './features/home/homeSlices';
export { loadHeaderMenu, loadHomePage, loadHomeSections } from './features/home/homeThunks';
export { bannerSlides } from './features/home/banner';
