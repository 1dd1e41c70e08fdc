import { useContext } from 'react';
import { Link } from 'react-router-dom';
import { PlainText, useDocumentTitle, useRead } from 'shared-store';
import type { ShellPageProps } from '.';
import { infoPageRead } from './components/infoPages';
import { LoadFailed, Loading } from './components/LoadState';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import { RichText } from './components/RichText';
import './pages.css';

/**
 * /acceptable-use-policy: the site's info page of the route's slug (custom/v1/{slug}), its title
 * as the heading (the route's until it comes) and its content sanitized. A failed or unreadable
 * answer can be asked for again.
 */
export default function InfoPage({ slug, title }: ShellPageProps) {
  const page = useRead(infoPageRead, slug);
  const data = page.status === 'ready' ? page.data : null;
  const { shown: readText } = useContext(PlainText);
  const heading = readText(data?.title).trim() || title;
  useDocumentTitle(heading);

  return (
    <PageShell heading={heading} busy={page.status === 'loading'}>
      {page.status === 'loading' && <Loading />}
      {(page.status === 'failed' || (page.status === 'ready' && !data)) && (
        <LoadFailed retry={page.retry}>
          <p>Sorry, we couldn't load our {title} just now.</p>
        </LoadFailed>
      )}
      {data &&
        (data.html ? (
          <RichText className="shell-prose" html={data.html} />
        ) : (
          <Notice tone="info">
            <p>
              Our {title} has no text yet. Please check again later, or{' '}
              <Link to="/contact-us">contact us</Link> with any question.
            </p>
          </Notice>
        ))}
    </PageShell>
  );
}
