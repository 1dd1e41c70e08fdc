import { HOME_PAGE_ID } from '../constants';
import { apiClient, type ApiClient } from './client';
import { createCache } from './cache';
import type { Course, HomePage, MenuItem } from './types';

const WP = '/wp-json/wp/v2';

/**
 * Content reads (spec section 7). Most swallow failures and answer an empty list or null, as the
 * specification says; the console keeps the reason.
 */
export function createContentApi(client: ApiClient = apiClient, cache = createCache()) {
  async function listOrEmpty<T>(path: string): Promise<T[]> {
    try {
      const body = await client.request<unknown>(path);
      return Array.isArray(body) ? (body as T[]) : [];
    } catch (error) {
      console.warn(`Could not load ${path}:`, error);
      return [];
    }
  }

  return {
    menu: () => cache.get('menu', 0, () => listOrEmpty<MenuItem>(`${WP}/menu_home`)),
    courses: () => cache.get('courses', 0, () => listOrEmpty<Course>(`${WP}/courseList`)),
    /** The home page's data (footer content, SEO meta); one request however many ask. */
    homePage: () =>
      cache.get('homePage', 0, async (): Promise<HomePage | null> => {
        try {
          const page = await client.request<HomePage>(`${WP}/pages/${String(HOME_PAGE_ID)}`);
          return typeof page === 'object' ? page : null;
        } catch (error) {
          console.warn('Could not load the home page data:', error);
          return null;
        }
      }),
  };
}

export const contentApi = createContentApi();
