import { useContext } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PlainText, useDocumentTitle, useRead } from 'shared-store';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import { toPostView } from './components/posts';
import { RichText } from './components/RichText';
import './pages.css';
import { wordpressReads } from './reads/wordpress';

const backToBlog = (
  <p className="shell-links">
    <Link to="/blogs">
      <span aria-hidden="true">← </span>All articles
    </Link>
  </p>
);

/** /blogs/:slug: one article; an unknown slug gets a way back to the list. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = useRead(wordpressReads.postBySlug, slug.trim() || null);
  const { shown: readText } = useContext(PlainText);
  const found = post.status === 'ready' ? toPostView(post.data, readText) : null;
  useDocumentTitle(found?.title || 'Blog');

  if (post.status === 'loading') {
    return (
      <PageShell heading="Loading article…" busy>
        {backToBlog}
      </PageShell>
    );
  }
  if (!found) {
    return (
      <PageShell heading="Article not found">
        <Notice tone="error">
          <p>We couldn't find that article.</p>
          <p>
            <Link to="/blogs">See all our articles</Link>
          </p>
        </Notice>
      </PageShell>
    );
  }
  return (
    <PageShell heading={found.title || 'Untitled article'}>
      {found.date && (
        <p className="shell-card__meta">
          <time dateTime={found.dateTime}>{found.date}</time>
        </p>
      )}
      <RichText className="shell-prose" html={found.contentHtml} />
      {backToBlog}
    </PageShell>
  );
}
