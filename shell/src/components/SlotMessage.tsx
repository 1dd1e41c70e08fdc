import { Link } from 'react-router-dom';

/** What a page's slot shows when its remote is down: a way on, not a blank page. */
export function SlotMessage({ title }: { title: string }) {
  return (
    <section className="shell-slot-message" role="alert">
      <h1>{title}</h1>
      <p>This part of the site is temporarily unavailable. Please try again in a moment.</p>
      <Link to="/">Go to the home page</Link>
    </section>
  );
}
