import { useEffect } from 'react';

export const SITE_NAME = 'Arora Medical Education';
export const DEFAULT_TITLE =
  'Arora Medical Education | UKMLA, PLAB, MSRA and MRCGP exam preparation';
export const DEFAULT_DESCRIPTION =
  'Online courses, question banks and mock exams for UKMLA, PLAB, MSRA and MRCGP, written by doctors who have passed them.';

function metaDescription(): HTMLMetaElement {
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
 * `exact`) and its meta description; without a title the site's default marketing title is used.
 */
export function useDocumentTitle(
  title?: string,
  description?: string,
  options: { exact?: boolean } = {},
): void {
  const { exact = false } = options;
  useEffect(() => {
    document.title = title ? (exact ? title : `${title} | ${SITE_NAME}`) : DEFAULT_TITLE;
    metaDescription().content = description ?? DEFAULT_DESCRIPTION;
  }, [title, description, exact]);
}
