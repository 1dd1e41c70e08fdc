import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { FOOTER_SHOW_DELAY_MS, isMobileApp, loadHomeSections, useAppDispatch } from 'shared-store';
import { Popup } from './behaviours/Popup';
import { ScrollToTopButton } from './behaviours/ScrollToTopButton';
import { useHomeMeta } from './behaviours/useHomeMeta';
import { useIosDashboardRedirect } from './behaviours/useIosDashboardRedirect';
import { usePendingOrderCheck } from './behaviours/usePendingOrderCheck';
import { useScrollToHash } from './behaviours/useScrollToHash';
import { useSessionWatcher } from './behaviours/useSessionWatcher';
import { useStorageNotice } from './behaviours/useStorageNotice';
import { Toasts } from './bridges/Toasts';
import { BrandMark } from './components/BrandMark';
import { LogoutPrompt } from './components/LogoutPrompt';
import { MinimalHeader } from './components/MinimalHeader';
import { NotFoundPage } from './components/NotFoundPage';
import { SlotMessage } from './components/SlotMessage';
import { usePageLoaded } from './hooks/usePageLoaded';
import { RemoteSlot, SlotBoundary, lazyRemote } from './remotes/RemoteSlot';
import { PageSpace } from './remotes/ServerRendered';

const remotes = {
  banner: lazyRemote('header/PromoBanner'),
  header: lazyRemote('header/Header'),
  trust: lazyRemote('header/TrustStrip'),
  home: lazyRemote('home/HomePage'),
  cart: lazyRemote('cart/CartPage'),
  footer: lazyRemote('footer/Footer'),
};

// The simple pages are split from the shell's first load: the home page needs none of them.
const LoginPage = lazy(() => import('./pages/LoginPage'));
const SignupPage = lazy(() => import('./pages/SignupPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const SearchPage = lazy(() => import('./pages/SearchPage'));
const BlogsPage = lazy(() => import('./pages/BlogsPage'));
const BlogPostPage = lazy(() => import('./pages/BlogPostPage'));
const LegalPage = lazy(() => import('./pages/LegalPage'));
const SubscribePage = lazy(() => import('./pages/SubscribePage'));
const OrderReceivedPage = lazy(() => import('./pages/OrderReceivedPage'));

/** Routes on which the company's app shows the page without the site's header and footer. */
export const APP_BARE_ROUTES = [
  '/login',
  '/signup',
  '/privacy-policy',
  '/terms-and-conditions',
  '/forgotpass',
];

const bannerPlaceholder = <div className="shell-banner-space" aria-hidden="true" />;
const headerPlaceholder = (
  <div className="shell-header-space" aria-hidden="true">
    <BrandMark />
  </div>
);
const trustPlaceholder = <div className="shell-trust-space" aria-hidden="true" />;
const footerPlaceholder = <div className="shell-footer-space" aria-hidden="true" />;
const pagePlaceholder = <PageSpace />;
const homePlaceholder = <PageSpace serverRenderOf="home/HomePage" />;

/** The home page: its data is asked for at once, while the home remote's code is still loading. */
function HomeRoute() {
  const dispatch = useAppDispatch();
  useHomeMeta();
  useEffect(() => {
    void dispatch(loadHomeSections());
  }, [dispatch]);
  return (
    <RemoteSlot
      remote={remotes.home}
      placeholder={homePlaceholder}
      fallback={<SlotMessage title="Courses" />}
    />
  );
}

/** A lazily loaded shell page: a placeholder while it loads, a message if its code cannot. */
function Page({ children }: { children: ReactNode }) {
  return (
    <SlotBoundary id="shell page" fallback={<SlotMessage title="Something went wrong" />}>
      <Suspense fallback={pagePlaceholder}>{children}</Suspense>
    </SlotBoundary>
  );
}

/** The layout: header, the routed page and footer, each from its remote, and the shell's behaviours. */
export function App() {
  const { pathname } = useLocation();
  const [inApp] = useState(() => isMobileApp());
  const bare = inApp && APP_BARE_ROUTES.includes(pathname.replace(/\/+$/, '') || '/');
  useSessionWatcher();
  useStorageNotice();
  useIosDashboardRedirect();
  usePendingOrderCheck();
  useScrollToHash();
  // The footer is below the first screen and a skeleton for the page's first 2 s: its code and
  // data wait for the page to load (by the time it is due at the latest), so they do not compete
  // with what the first screen shows.
  const footerDue = usePageLoaded(FOOTER_SHOW_DELAY_MS);

  return (
    <>
      {!bare && (
        <>
          <RemoteSlot remote={remotes.banner} placeholder={bannerPlaceholder} fallback={null} />
          <RemoteSlot
            remote={remotes.header}
            placeholder={headerPlaceholder}
            fallback={<MinimalHeader />}
          />
          <RemoteSlot remote={remotes.trust} placeholder={trustPlaceholder} fallback={null} />
        </>
      )}
      <main className="shell-main" id="main">
        <Routes>
          <Route path="/" element={<HomeRoute />} />
          <Route
            path="/cart"
            element={
              <RemoteSlot
                remote={remotes.cart}
                placeholder={pagePlaceholder}
                fallback={<SlotMessage title="Your cart" />}
              />
            }
          />
          <Route
            path="/login"
            element={
              <Page>
                <LoginPage />
              </Page>
            }
          />
          <Route
            path="/signup"
            element={
              <Page>
                <SignupPage />
              </Page>
            }
          />
          <Route
            path="/forgotpass"
            element={
              <Page>
                <ForgotPasswordPage />
              </Page>
            }
          />
          <Route
            path="/search"
            element={
              <Page>
                <SearchPage />
              </Page>
            }
          />
          <Route
            path="/blogs"
            element={
              <Page>
                <BlogsPage />
              </Page>
            }
          />
          <Route
            path="/blogs/:slug"
            element={
              <Page>
                <BlogPostPage />
              </Page>
            }
          />
          <Route
            path="/privacy-policy"
            element={
              <Page>
                <LegalPage slug="privacy-policy" title="Privacy Policy" />
              </Page>
            }
          />
          <Route
            path="/terms-and-conditions"
            element={
              <Page>
                <LegalPage slug="terms-and-conditions" title="Terms and Conditions" />
              </Page>
            }
          />
          <Route
            path="/arora-subscribe-form"
            element={
              <Page>
                <SubscribePage />
              </Page>
            }
          />
          <Route
            path="/checkout/order-received/:id"
            element={
              <Page>
                <OrderReceivedPage />
              </Page>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      {!bare &&
        (footerDue ? (
          <RemoteSlot remote={remotes.footer} placeholder={footerPlaceholder} fallback={null} />
        ) : (
          footerPlaceholder
        ))}
      <ScrollToTopButton />
      {!inApp && <Popup />}
      <LogoutPrompt />
      <Toasts />
    </>
  );
}
