import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** Loads the page again: its parts are asked for anew (the browser's cache keeps what came). */
const reload = () => {
  window.location.reload();
};

/** "Try again": the page loaded again, for a part that could not come. */
export function TryAgainButton() {
  return (
    <button type="button" className="shell-button" onClick={reload}>
      Try again
    </button>
  );
}

/**
 * What a page's slot shows when its remote is down: a way on, not a blank page. `children`: what
 * the page can still say of itself (the cart's count, from the device).
 */
export function SlotMessage({ title, children }: { title: string; children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <section className="shell-slot-message" role="alert">
      <h1>{title}</h1>
      <p>This part of the site is temporarily unavailable. Please try again in a moment.</p>
      {children}
      <p className="shell-slot-message__actions">
        <TryAgainButton />
        {pathname !== '/' && <Link to="/">Go to the home page</Link>}
      </p>
    </section>
  );
}
