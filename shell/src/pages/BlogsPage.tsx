import { useContext, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PlainText, useDocumentTitle, useMounted, useRead } from 'shared-store';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import {
  postPath,
  toCategoryView,
  toPostView,
  type CategoryView,
  type PostView,
} from './components/posts';
import { RichText } from './components/RichText';
import './pages.css';
import { wordpressReads } from './reads/wordpress';

const noCategories: CategoryView[] = [];

function PostCard({ post }: { post: PostView }) {
  return (
    <li className="shell-card">
      <article>
        <h2 className="shell-card__title">
          <Link to={postPath(post.slug)}>{post.title || 'Untitled article'}</Link>
        </h2>
        {post.date && (
          <p className="shell-card__meta">
            <time dateTime={post.dateTime}>{post.date}</time>
          </p>
        )}
        <RichText className="shell-card__excerpt shell-prose" html={post.excerptHtml} />
      </article>
    </li>
  );
}

/** /blogs: every article, newest first as WordPress sends them, filterable by category. */
export default function BlogsPage() {
  useDocumentTitle('Blog');
  // Posts and categories in parallel; both reads answer [] when they fail.
  const postsRead = useRead(wordpressReads.posts);
  const categoriesRead = useRead(wordpressReads.categories);
  const [category, setCategory] = useState<number | null>(null);
  // The categories are served disabled: until the page's code runs a tap on one does nothing.
  const canAct = useMounted();
  const { shown: readText } = useContext(PlainText);
  const postList = postsRead.status === 'ready' ? postsRead.data : null;
  const categoryList = categoriesRead.status === 'ready' ? categoriesRead.data : null;
  const posts = useMemo(
    () =>
      (postList ?? [])
        .map((raw) => toPostView(raw, readText))
        .filter((post): post is PostView => post !== null),
    [postList, readText],
  );
  const categories = useMemo(
    () =>
      categoryList
        ? categoryList
            .map((raw) => toCategoryView(raw, readText))
            .filter((c): c is CategoryView => c !== null)
        : noCategories,
    [categoryList, readText],
  );

  if (postList === null || categoryList === null || posts.length === 0) {
    const loading = postList === null || categoryList === null;
    return (
      <PageShell heading="Blog" busy={loading}>
        {loading ? (
          <p className="shell-loading" role="status">
            Loading articles…
          </p>
        ) : (
          <Notice tone="info">
            <p>There are no articles to show right now. Please come back soon.</p>
            <p>
              <Link to="/">Go to the home page</Link>
            </p>
          </Notice>
        )}
      </PageShell>
    );
  }

  const shown = category === null ? posts : posts.filter((p) => p.categories.includes(category));
  const choices: { id: number | null; name: string }[] = [{ id: null, name: 'All' }, ...categories];

  return (
    <PageShell heading="Blog">
      {categories.length > 0 && (
        <div className="shell-filters" role="group" aria-label="Filter articles by category">
          {choices.map((choice) => (
            <button
              key={choice.id ?? 'all'}
              className="shell-chip"
              type="button"
              aria-pressed={category === choice.id}
              disabled={!canAct}
              onClick={() => {
                setCategory(choice.id);
              }}
            >
              {choice.name}
            </button>
          ))}
        </div>
      )}
      <p className="shell-muted" role="status">
        {shown.length === 1 ? '1 article' : `${String(shown.length)} articles`}
      </p>
      {shown.length === 0 ? (
        <Notice tone="info">There are no articles in this category yet.</Notice>
      ) : (
        <ul className="shell-results">
          {shown.map((post) => (
            <PostCard key={post.key} post={post} />
          ))}
        </ul>
      )}
    </PageShell>
  );
}
