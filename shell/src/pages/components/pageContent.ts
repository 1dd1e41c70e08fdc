import { useRead, type ReadState } from 'shared-store';
import { wordpressReads } from '../reads/wordpress';
import { rendered } from './messages';

/** A WordPress page's HTML by slug, or '' when there is no such page (or it could not load). */
export function usePageContent(slug: string): ReadState<string> {
  const page = useRead(wordpressReads.pageBySlug, slug);
  return page.status === 'ready' ? { ...page, data: rendered(page.data?.content).trim() } : page;
}
