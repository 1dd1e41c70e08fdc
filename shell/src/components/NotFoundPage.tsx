import { Link } from 'react-router-dom';
import { useDocumentTitle, useRead } from 'shared-store';
import { infoPageRead } from '../pages/components/infoPages';
import { Loading } from '../pages/components/LoadState';
import { PageShell } from '../pages/components/PageShell';
import { RichText } from '../pages/components/RichText';
import '../pages/pages.css';

const TITLE = 'Page not found';

/**
 * What an address that leads nowhere shows: the site's own words for it (custom/v1/404,
 * sanitized), or ours when they cannot be had, and the ways on: home and the courses.
 */
export default function NotFoundPage() {
  useDocumentTitle(TITLE);
  const page = useRead(infoPageRead, '404');
  const html = page.status === 'ready' ? page.data?.html : undefined;

  return (
    <PageShell heading={TITLE} busy={page.status === 'loading'}>
      {page.status === 'loading' ? (
        <Loading />
      ) : html ? (
        <RichText className="shell-prose" html={html} />
      ) : (
        <p>The page you were looking for has moved or never existed.</p>
      )}
      <ul className="shell-links">
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/courses">Browse our courses</Link>
        </li>
      </ul>
    </PageShell>
  );
}
