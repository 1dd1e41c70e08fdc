import { contentReads, useDocumentTitle, useRead } from 'shared-store';

/**
 * The home page uses its own SEO title and description from the backend when present (the home
 * page's document, the page's one read of it).
 */
export function useHomeMeta(): void {
  const page = useRead(contentReads.homePage);
  const meta = page.status === 'ready' ? page.data?.rank_math_meta : undefined;
  useDocumentTitle(meta?.meta_title || undefined, meta?.meta_description || undefined, {
    exact: true,
  });
}
