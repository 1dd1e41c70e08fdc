import { contentApi } from 'shared-store';
import { rendered } from './messages';

/** A WordPress page's HTML by slug, or '' when there is no such page (or it could not load). */
export async function loadPageContent(slug: string): Promise<string> {
  return rendered((await contentApi.pageBySlug(slug))?.content).trim();
}
