import { Link } from 'react-router-dom';
import { COURSES_SECTION_ID } from 'shared-store';

export default function NotFoundPage() {
  return (
    <section className="shell-page">
      <h1>Page not found</h1>
      <p>The page you were looking for has moved or never existed.</p>
      <ul>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to={`/#${COURSES_SECTION_ID}`}>Browse our courses</Link>
        </li>
      </ul>
    </section>
  );
}
