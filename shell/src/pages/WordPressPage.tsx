import * as v from 'valibot';
import { useLocation } from 'react-router-dom';
import {
  createQuery,
  decodeEntities,
  listOf,
  useDocumentTitle,
  useRead,
  rejecting,
} from 'shared-store';
import NotFoundPage from '../components/NotFoundPage';
import { LoadFailed, Loading } from './components/LoadState';
import { Notice } from './components/Notice';
import { PageShell } from './components/PageShell';
import { RichText } from './components/RichText';
import './pages.css';

/** A WordPress page as this page shows it. */
interface WordPressPageView {
  /** Plain text: entities decoded; '' when the page has none. */
  title: string;
  /** Backend HTML, sanitized by the gateway that served it. */
  html: string;
}

const rendered = v.looseObject({ rendered: v.string() });

/**
 * The WordPress page of a slug (`wp/v2/pages?slug=`), or null when there is none. Unlike
 * shared-store's quiet `pageBySlug`, a failure rejects: a page that could not be asked for is
 * not a page that does not exist.
 */
const wordpressPageRead = rejecting(
  createQuery<string, WordPressPageView | null>({
    name: 'wordpressPage',
    request: (slug) => ({ path: '/wp-json/wp/v2/pages', query: { slug } }),
    schema: v.pipe(
      listOf(
        v.looseObject({
          id: v.number(),
          title: v.fallback(v.optional(rendered, { rendered: '' }), { rendered: '' }),
          content: rendered,
        }),
      ),
      v.transform(([page]) =>
        page
          ? {
              title: decodeEntities(page.title.rendered).trim(),
              html: page.content.rendered.trim(),
            }
          : null,
      ),
    ),
    empty: null,
  }),
);

/** What a WordPress slug can be: letters, digits, '-', '_' (a comma would ask for two pages). */
const SLUG = /^[\p{L}\p{N}_-]{1,200}$/u;

/** The WordPress slug of a path: its last segment (`/ukmla/content-map/` -> `content-map`). */
function slugOf(pathname: string): string | null {
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  let slug: string;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return SLUG.test(slug) ? slug : null;
}

/** 'content-map' as 'Content map': the heading of a page WordPress sent without a title. */
function titleOfSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A WordPress page under its title (the document's too), its content sanitized. */
function WordPressContent({ slug, page }: { slug: string; page: WordPressPageView }) {
  const heading = page.title || titleOfSlug(slug);
  useDocumentTitle(heading);
  return (
    <PageShell heading={heading}>
      {page.html ? (
        <RichText className="shell-prose" html={page.html} />
      ) : (
        <Notice tone="info">
          <p>This page has no content yet. Please check again later.</p>
        </Notice>
      )}
    </PageShell>
  );
}

/**
 * Any other address (the `*` route): the WordPress page whose slug is the path's last segment
 * (links in it to the WordPress site stay in the storefront). No such page, or an address no
 * page can have: the not-found page.
 */
export default function WordPressPage() {
  const { pathname } = useLocation();
  const slug = slugOf(pathname);
  const page = useRead(wordpressPageRead, slug);

  if (slug === null || (page.status === 'ready' && !page.data)) return <NotFoundPage />;
  if (page.status === 'ready' && page.data)
    return <WordPressContent slug={slug} page={page.data} />;
  if (page.status === 'failed') {
    return (
      <PageShell heading="This page could not load">
        <LoadFailed retry={page.retry}>
          <p>Sorry, we couldn't load this page just now. Please check your connection.</p>
        </LoadFailed>
      </PageShell>
    );
  }
  return (
    <PageShell heading="Loading…" busy>
      <Loading>Loading the page…</Loading>
    </PageShell>
  );
}
