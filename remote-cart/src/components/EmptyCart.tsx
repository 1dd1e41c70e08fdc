import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { COURSES_SECTION_ID, EXAMS } from 'shared-store';

/** A drawn, empty shopping cart: inline, so it costs no request and has its size from the start. */
function EmptyCartIllustration() {
  return (
    <svg
      className="cart-empty-illustration"
      width="160"
      height="120"
      viewBox="0 0 160 120"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="84" cy="58" r="54" fill="#eaf2fb" />
      <path
        d="M22 26h16l14 52h62l12-38H44"
        fill="none"
        stroke="#0b5cad"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M60 52h50M64 66h42" stroke="#9cc2ea" strokeWidth="4" strokeLinecap="round" />
      <circle cx="60" cy="96" r="8" fill="#0b5cad" />
      <circle cx="106" cy="96" r="8" fill="#0b5cad" />
    </svg>
  );
}

/** A fixed id: the empty cart is one per page, and its server render the same markup. */
const EXAMS_TITLE_ID = 'cart-empty-exams-title';

/**
 * The empty cart: it says so, tells what can be added, and leads to the courses, as a whole and
 * by exam. Its text block is the page's largest paint, so the page is complete as soon as it shows.
 * Its heading takes the focus when the last line has just been removed (`heading`).
 */
export function EmptyCart({ heading }: { heading?: Ref<HTMLHeadingElement> }) {
  return (
    <div className="cart-empty">
      <EmptyCartIllustration />
      <h2 ref={heading} className="cart-empty-title" tabIndex={-1}>
        Your cart is empty.
      </h2>
      <p className="cart-empty-text">
        Courses, events and memberships you add will wait here until you check out. Choose the
        preparation that fits your exam: online courses and question banks for UKMLA, PLAB, MSRA and
        MRCGP, mock exam days, and Silver, Gold and Ultimate memberships.
      </p>
      <Link className="cart-button cart-button-primary" to={`/#${COURSES_SECTION_ID}`}>
        Browse our courses
      </Link>
      <nav className="cart-empty-exams" aria-labelledby={EXAMS_TITLE_ID}>
        <h3 id={EXAMS_TITLE_ID} className="cart-empty-exams-title">
          Courses by exam
        </h3>
        <ul>
          {EXAMS.map((exam) => (
            <li key={exam}>
              <Link to={`/search?s=${exam}`}>{exam} courses</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
