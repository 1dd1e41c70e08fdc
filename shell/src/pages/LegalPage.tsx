import { useDocumentTitle } from 'shared-store';
import { Link } from 'react-router-dom';
import { Notice } from './components/Notice';
import type { ShellPageProps } from '.';
import { usePageContent } from './components/pageContent';
import { PageShell } from './components/PageShell';
import { RichText } from './components/RichText';
import './pages.css';

/**
 * /privacy-policy and /terms-and-conditions: the WordPress page of the route's slug, sanitized,
 * under the route's title.
 */
export default function LegalPage({ slug, title }: ShellPageProps) {
  useDocumentTitle(title);
  const page = usePageContent(slug);
  const loading = page.status === 'loading' || page.status === 'idle';
  const html = page.status === 'ready' ? page.data : '';

  return (
    <PageShell heading={title} busy={loading}>
      {loading ? (
        <p className="shell-loading" role="status">
          Loading…
        </p>
      ) : html ? (
        <RichText className="shell-prose" html={html} />
      ) : (
        <Notice tone="error">
          <p>Sorry, we couldn't load our {title} just now. Please try again in a moment.</p>
          <p>
            <Link to="/">Go to the home page</Link>
          </p>
        </Notice>
      )}
    </PageShell>
  );
}
