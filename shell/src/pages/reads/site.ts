import * as v from 'valibot';
import { ApiError, anyList, anyRecord, apiClient, createQuery } from 'shared-store';

const CUSTOM_V1 = '/wp-json/custom/v1';
const CUSTOM_V2 = '/wp-json/custom/v2';

/** Product attributes change rarely: one read serves for 10 minutes. */
const PRODUCT_ATTRIBUTES_CACHE_MS = 10 * 60 * 1000;

/** The failure with the server's message when it sent one, else with the given generic message. */
const withMessage = (generic: string) => (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.code !== 'http_error'
    ? error
    : new ApiError(generic, error instanceof ApiError ? error.status : 0, 'request_failed');

/**
 * The site's own reads (custom/v1, custom/v2): search, order lookup, attributes. Only the shell's
 * pages make them, so they come with those pages' code, never with the page's first load. The
 * promotional banner's read is the header's (remote-header's PromoBanner).
 */
export const siteReads = {
  /**
   * Search results (a list, or the older `{ results }`); a failure throws with the server's
   * message, else 'Could not data'.
   */
  search: createQuery({
    name: 'search',
    request: (term: string) => ({ path: `${CUSTOM_V1}/search`, query: { s: term } }),
    schema: v.pipe(
      v.unknown(),
      v.transform((body): unknown[] => {
        if (Array.isArray(body)) return body;
        const results = v.is(anyRecord, body) ? body.results : undefined;
        return Array.isArray(results) ? results : [];
      }),
    ),
    empty: [],
    failure: withMessage('Could not data'),
  }),
  /** Order lookup; a failure throws with the server's message, else the generic one. */
  orderLookup: createQuery({
    name: 'orderLookup',
    request: (id: number | string) => ({
      path: `${CUSTOM_V2}/check-order-lookup/${encodeURIComponent(id)}`,
    }),
    schema: anyRecord,
    empty: null,
    failure: withMessage('Could not retrieve cookie policy.'),
  }),
  /** Product attributes, kept for 10 minutes. */
  productAttributes: createQuery({
    name: 'productAttributes',
    request: () => ({ path: `${CUSTOM_V1}/products/attributes` }),
    schema: anyList,
    empty: [],
    lifetimeMs: PRODUCT_ATTRIBUTES_CACHE_MS,
  }),
};

/** The site's own writes: custom/v1, custom/v2, contact form, subscriptions; all are POSTs. */
export function createSiteApi(client: typeof apiClient = apiClient) {
  const post = <T>(path: string, body: unknown, token?: string | null) =>
    client.request<T>(path, { method: 'POST', body, token: token ?? null });

  return {
    forgotPassword: (email: string) =>
      post<{ success: boolean; message: string }>(`${CUSTOM_V1}/forgot-password`, { email }),
    resetPassword: (payload: { key: string; login: string; new_password: string }) =>
      post<{ success: boolean; message: string }>(`${CUSTOM_V1}/reset-password-form`, payload),
    register: (payload: { username: string; email: string; password: string }) =>
      post<{ success: boolean; user_id: number }>(`${CUSTOM_V1}/register`, payload),
    subscribeNewsletter: (formAction: string, email: string) =>
      post<{ success: boolean; message: string }>(formAction, { email }),
  };
}

export const siteApi = createSiteApi();
