import { useEffect } from 'react';

export const SITE_NAME = 'Arora Medical Education';
export const DEFAULT_TITLE =
  'Arora Medical Education | UKMLA, PLAB, MSRA and MRCGP exam preparation';
export const DEFAULT_DESCRIPTION =
  'Online courses, question banks and mock exams for UKMLA, PLAB, MSRA and MRCGP, written by doctors who have passed them.';

/** The page's meta description element, made when the page has none. */
export function metaDescription(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * Sets the page's <title> ("{title} | Arora Medical Education", or the title as given with
 * `exact`), and its meta description when the page gives one; without a title the site's default
 * marketing title is used. Without a description the page keeps the one it has: the one its page
 * was served with (the gateway's, from the page's own reads), or the one its route names.
 */
export function useDocumentTitle(
  title?: string,
  description?: string,
  options: { exact?: boolean } = {},
): void {
  const { exact = false } = options;
  useEffect(() => {
    document.title = title ? (exact ? title : `${title} | ${SITE_NAME}`) : DEFAULT_TITLE;
    if (description !== undefined) metaDescription().content = description;
  }, [title, description, exact]);
}
