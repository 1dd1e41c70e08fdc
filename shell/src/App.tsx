import { Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_AUTO_CLOSE_MS } from 'shared-store';
import { MinimalHeader } from './components/MinimalHeader';
import { NotFoundPage } from './components/NotFoundPage';
import { SlotMessage } from './components/SlotMessage';
import { RemoteSlot, lazyRemote } from './remotes/RemoteSlot';

const remotes = {
  banner: lazyRemote('header/PromoBanner'),
  header: lazyRemote('header/Header'),
  trust: lazyRemote('header/TrustStrip'),
  home: lazyRemote('home/HomePage'),
  cart: lazyRemote('cart/CartPage'),
  footer: lazyRemote('footer/Footer'),
};

const bannerPlaceholder = <div className="shell-banner-space" aria-hidden="true" />;
const headerPlaceholder = <div className="shell-header-space" aria-hidden="true" />;
const trustPlaceholder = <div className="shell-trust-space" aria-hidden="true" />;
const footerPlaceholder = <div className="shell-footer-space" aria-hidden="true" />;
const pagePlaceholder = <div className="shell-page-space" aria-busy="true" />;

/** The layout: header, the routed page and footer, each from its remote. */
export function App() {
  return (
    <>
      <RemoteSlot remote={remotes.banner} placeholder={bannerPlaceholder} fallback={null} />
      <RemoteSlot
        remote={remotes.header}
        placeholder={headerPlaceholder}
        fallback={<MinimalHeader />}
      />
      <RemoteSlot remote={remotes.trust} placeholder={trustPlaceholder} fallback={null} />
      <main className="shell-main">
        <Routes>
          <Route
            path="/"
            element={
              <RemoteSlot
                remote={remotes.home}
                placeholder={pagePlaceholder}
                fallback={<SlotMessage title="Courses" />}
              />
            }
          />
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
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      <RemoteSlot
        remote={remotes.footer}
        placeholder={footerPlaceholder}
        fallback={footerPlaceholder}
      />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </>
  );
}
