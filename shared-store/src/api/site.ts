import { PRODUCT_ATTRIBUTES_CACHE_MS } from '../constants';
import { ApiError, apiClient, type ApiClient } from './client';
import { createCache, type Cache } from './cache';
import { quietReads } from './content';
import type { OrderTracking, PromotionalBanner, SearchResult } from './types';

const CUSTOM_V1 = '/wp-json/custom/v1';
const CUSTOM_V2 = '/wp-json/custom/v2';

/** Rethrows with the server's message when it sent one, else the given generic message. */
async function withMessage<T>(call: Promise<T>, generic: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.code !== 'http_error') throw error;
    throw new ApiError(generic, error instanceof ApiError ? error.status : 0, 'request_failed');
  }
}

/** The site's own routes: custom/v1, custom/v2, contact form, subscriptions (spec section 7). */
export function createSiteApi(client: ApiClient = apiClient, cache: Cache = createCache()) {
  const { list, one } = quietReads(client);
  const post = <T>(path: string, body: unknown, token?: string | null) =>
    client.request<T>(path, { method: 'POST', body, token: token ?? null });

  return {
    /** Search results; a failure throws with the server's message, else 'Could not data'. */
    search: (term: string) =>
      withMessage(
        client.request<SearchResult[]>(`${CUSTOM_V1}/search`, { query: { s: term } }),
        'Could not data',
      ),
    /** The older search route. */
    searchText: (text: string) =>
      one<{ results: SearchResult[] }>('/wp-json/custom-api/v1/search/', {
        query: { search_text: text },
      }),
    /** Order lookup; a failure throws with the server's message, else the generic one. */
    orderLookup: (id: number | string) =>
      withMessage(
        client.request<unknown>(`${CUSTOM_V2}/check-order-lookup/${encodeURIComponent(id)}`),
        'Could not retrieve cookie policy.',
      ),
    promotionalBanner: () => one<PromotionalBanner>(`${CUSTOM_V2}/getPromotionalBanner`),
    trackOrder: (payload: OrderTracking) => post<unknown>(`${CUSTOM_V2}/trackOrder`, payload),
    /** Product attributes, kept for 10 minutes. */
    productAttributes: () =>
      cache.get('attributes', PRODUCT_ATTRIBUTES_CACHE_MS, () =>
        list<unknown>(`${CUSTOM_V1}/products/attributes`),
      ),
    notFoundPage: () => one<{ title: string; content: string }>(`${CUSTOM_V1}/404`),
    acceptableUsePolicy: () =>
      one<{ title: string; content: string }>(`${CUSTOM_V1}/acceptable-use-policy`),
    forgotPassword: (email: string) =>
      post<{ success: boolean; message: string }>(`${CUSTOM_V1}/forgot-password`, { email }),
    resetPassword: (payload: { key: string; login: string; new_password: string }) =>
      post<{ success: boolean; message: string }>(`${CUSTOM_V1}/reset-password-form`, payload),
    sendResetLink: (payload: {
      recipient_name: string;
      recipient_email: string;
      message: string;
      buyer: string;
    }) => post<unknown>(`${CUSTOM_V1}/send-reset-link`, payload),
    register: (payload: { username: string; email: string; password: string }) =>
      post<{ success: boolean; user_id: number }>(`${CUSTOM_V1}/register`, payload),
    subscribeNewsletter: (formAction: string, email: string) =>
      post<{ success: boolean; message: string }>(formAction, { email }),
    contact: (payload: { name: string; phonenum: string; email: string; message: string }) =>
      post<{ success: boolean; message: string }>('/wp-json/contact-form/v1/submit', payload),
    createSubscription: (payload: Record<string, unknown>, token: string | null) =>
      post<unknown>('/wp-json/wsp-route/v1/create-subscription', payload, token),
    upgradeSubscription: (payload: Record<string, unknown>, token: string | null) =>
      post<unknown>('/wp-json/wsp-route/v1/upgrade-subscription', payload, token),
  };
}

export type SiteApi = ReturnType<typeof createSiteApi>;

export const siteApi = createSiteApi();
