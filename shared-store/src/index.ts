/**
 * shared-store: the one contract between the shell and the remotes. Everything a remote may use
 * is exported here; nothing else in this package is public.
 */
import type { ComponentType } from 'react';

export * from './constants';
export * from './api/types';
export { ApiError, createApiClient, apiClient, type ApiClient } from './api/client';
export { contentApi, createContentApi, type ContentApi } from './api/content';
export { siteApi, createSiteApi, type SiteApi } from './api/site';
export {
  commerceApi,
  createCommerceApi,
  priceChangeOf,
  type CommerceApi,
  type OrderLine,
  type OrderRequest,
} from './api/commerce';
export { cartServiceApi, createCartServiceApi, type CartServiceApi } from './api/cartService';
export { authApi, createAuthApi, type AuthApi } from './api/auth';
export { parseFooterHtml, type FooterData, type FooterLink } from './api/footer';
export { createCache } from './api/cache';
export {
  formatPrice,
  roundMoney,
  sumLines,
  toNumber,
  toPrice,
  toQuantity,
  MAX_PRICE,
  MAX_QUANTITY,
} from './lib/money';
export { sanitizeHtml, safeUrl, decodeEntities } from './lib/sanitize';
export {
  EventBus,
  eventBus,
  notify,
  track,
  type BusEvent,
  type BusEventOf,
  type BusEventType,
} from './bus/eventBus';
export {
  STORAGE_KEYS,
  createSafeStorage,
  safeStorage,
  captureCampaignIds,
  type KeyValueStorage,
  type StorageKey,
} from './session/storage';
export {
  makeStore,
  startPersistence,
  type AppDispatch,
  type AppStore,
  type RootState,
} from './store/makeStore';
export {
  createSession,
  CART_FROM_NEWER_VERSION_MESSAGE,
  type LogoutOptions,
  type Session,
  type SessionDeps,
} from './session/session';
export { useSession } from './session/useSession';
export { isMobileApp, isIosApp, postLogoutToApp } from './session/mobileApp';
export { PERSISTED_SLICES, sanitizePersistedState } from './store/persist';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks';
export * from './features/cart/cartSlice';
export {
  selectCartSyncStatus,
  selectLogoutStatus,
  selectStorageLost,
  type CartSyncStatus,
  type LogoutStatus,
} from './features/cart/cartSyncSlice';
export * from './features/login/loginSlice';
export * from './features/subscription/subscriptionSlice';
export {
  headerLogoSlice,
  headerMenuSlice,
  homeBannerSlice,
  homeCourseSlice,
  homeEventSlice,
  homePageSlice,
  homePartnerSlice,
  type HeaderLogoEntry,
  type HeaderMenuEntry,
  type HomePageEntry,
} from './features/home/homeSlices';
export {
  loadCourses,
  loadEvents,
  loadHeaderMenu,
  loadHomeBanner,
  loadHomePage,
  loadHomeSections,
  loadPartners,
} from './features/home/homeThunks';
export { bannerSlides } from './features/home/banner';
export { cleanMenu, MAX_MENU_DEPTH, MAX_MENU_ITEMS } from './features/home/menu';

/** What every exposed remote module looks like to the shell. */
export interface RemoteComponentModule {
  default: ComponentType;
}
export { StorefrontProviders, mountApp } from './app/mountApp';
export { cartLabel } from './lib/labels';
export { readPublicConfig, dashboardUrl, type PublicConfig } from './lib/publicConfig';
export {
  useMediaQuery,
  MOBILE_QUERY,
  SMALL_SCREEN_QUERY,
  REDUCED_MOTION_QUERY,
} from './lib/useMediaQuery';
export { useMounted } from './lib/useMounted';
export { validateEmail } from './lib/validation';
export { keepTabWithin } from './lib/focusTrap';
export { monthOptions, type MonthOption } from './lib/variations';
