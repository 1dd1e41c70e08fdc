import {
  FOOTER_CACHE_MS,
  HOME_PAGE_CACHE_MS,
  HOME_PAGE_ID,
  POST_LIST_PAGE_SIZE,
} from '../constants';
import { apiClient, type ApiClient, type RequestOptions } from './client';
import { createCache, type Cache } from './cache';
import { bannerSlides } from '../features/home/banner';
import { takePreloadedStamp } from './preloaded';
import { EMPTY_FOOTER, parseFooterHtml, type FooterData } from './footer';
import type {
  Course,
  EventItem,
  FooterResponse,
  HomePage,
  MenuItem,
  Partner,
  WpPage,
  WpPost,
  WpTerm,
} from './types';

const WP = '/wp-json/wp/v2';

/** Reads that fail quietly, as the specification's content calls do: the reason goes to the console. */
export function quietReads(client: ApiClient) {
  async function list<T>(path: string, options?: RequestOptions): Promise<T[]> {
    try {
      const body = await client.request<unknown>(path, options);
      return Array.isArray(body) ? (body as T[]) : [];
    } catch (error) {
      console.warn(`Could not load ${path}:`, error);
      return [];
    }
  }

  async function one<T>(path: string, options?: RequestOptions): Promise<T | null> {
    try {
      const body = await client.request<unknown>(path, options);
      return typeof body === 'object' && body !== null ? (body as T) : null;
    } catch (error) {
      console.warn(`Could not load ${path}:`, error);
      return null;
    }
  }

  return { list, one };
}

/**
 * WordPress content reads (spec section 7, /wp-json/wp/v2). Most answer an empty list or null on
 * failure; concurrent callers share one request.
 */
export function createContentApi(
  client: ApiClient = apiClient,
  cache: Cache = createCache(),
  now: () => number = Date.now,
) {
  const { list, one } = quietReads(client);
  const shared = <T>(key: string, load: () => Promise<T>, ttlMs = 0) => cache.get(key, ttlMs, load);

  return {
    menu: () => shared('menu', () => list<MenuItem>(`${WP}/menu_home`)),
    /**
     * Never cached: a timestamp parameter and no-store, so a new banner shows at once. The first
     * call takes the request the page started (the gateway stamps it when it serves the page).
     */
    homeBanner: async () =>
      bannerSlides(
        await list<unknown>(`${WP}/home_banner`, {
          query: { t: takePreloadedStamp(`${WP}/home_banner`) ?? now() },
          noStore: true,
        }),
      ),
    courses: () => shared('courses', () => list<Course>(`${WP}/courseList`)),
    partners: () => shared('partners', () => list<Partner>(`${WP}/our_partner`)),
    events: () => shared('events', () => list<EventItem>(`${WP}/events`)),
    homePage: () =>
      shared(
        'homePage',
        () => one<HomePage>(`${WP}/pages/${String(HOME_PAGE_ID)}`),
        HOME_PAGE_CACHE_MS,
      ),
    /** The footer's menus and newsletter action, parsed from its HTML and kept for an hour. */
    footer: async (): Promise<FooterData> => {
      try {
        return await cache.get('footer', FOOTER_CACHE_MS, async () => {
          const body = await client.request<FooterResponse>(`${WP}/footer`);
          return parseFooterHtml(body.html);
        });
      } catch (error) {
        console.warn('Could not load the footer:', error);
        return EMPTY_FOOTER;
      }
    },
    course: (id: number | string) => one<Course>(`${WP}/course/${encodeURIComponent(id)}`),
    /** A blog post by slug; warns when there is none. */
    postBySlug: async (slug: string): Promise<WpPost | null> => {
      const posts = await list<WpPost>(`${WP}/posts`, { query: { slug } });
      if (posts.length === 0) console.warn(`No blog post found for "${slug}".`);
      return posts[0] ?? null;
    },
    posts: () => list<WpPost>(`${WP}/posts/`, { query: { per_page: POST_LIST_PAGE_SIZE } }),
    postsInCategory: (category: number) =>
      list<WpPost>(`${WP}/posts`, { query: { categories: category } }),
    categories: () =>
      list<WpTerm>(`${WP}/categories/`, { query: { per_page: POST_LIST_PAGE_SIZE } }),
    pageBySlug: async (slug: string): Promise<WpPage | null> =>
      (await list<WpPage>(`${WP}/pages`, { query: { slug } }))[0] ?? null,
    unused: (id: number | string) => one<unknown>(`${WP}/unused/${encodeURIComponent(id)}`),
    imageSections: (id: number | string) =>
      one<unknown>(`${WP}/getImgSections/${encodeURIComponent(id)}`),
    userCourses: (id: number | string, token: string | null) =>
      list<unknown>(`${WP}/usercourses/${encodeURIComponent(id)}`, { token }),
    productsWithTicket: () => list<unknown>(`${WP}/products-with-ticket`),
    /** Location details; a failure answers the specification's error object. */
    pageDetails: async (id: number | string): Promise<unknown> =>
      (await one<unknown>(`${WP}/page-details/location-${encodeURIComponent(id)}`)) ?? {
        error: 'Failed to fetch PLAB details',
      },
    mailchimpHtml: () => one<{ html: string }>(`${WP}/mailchimp-html`),
    subscriptionSuccess: (id: number | string) =>
      one<{ success: boolean }>(`${WP}/check-subscription-success/${encodeURIComponent(id)}`),
    updateLiveCourses: (payload: Record<string, unknown>, token: string | null) =>
      client.request<unknown>(`${WP}/update_live_courses`, {
        method: 'POST',
        body: payload,
        token,
      }),
    updateExamDate: (payload: { user_id: string; exam_date: string }, token: string | null) =>
      client.request<unknown>(`${WP}/update_user_date`, { method: 'POST', body: payload, token }),
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

/** What the page's content reads remember (the home page document for a minute, the footer for an hour). */
export const contentCache = createCache();

export const contentApi = createContentApi(apiClient, contentCache);
