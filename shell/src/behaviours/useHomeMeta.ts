import { homePageSlice, useAppSelector, useDocumentTitle } from 'shared-store';

/** The home page uses its own SEO title and description from the backend when present. */
export function useHomeMeta(): void {
  const meta = useAppSelector(homePageSlice.selectors.selectItems)[0]?.homeData.rank_math_meta;
  useDocumentTitle(meta?.meta_title || undefined, meta?.meta_description || undefined, {
    exact: true,
  });
}
