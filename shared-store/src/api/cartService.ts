import { apiClient, type ApiClient } from './client';
import type { ServerCartResponse } from './types';

const CART = '/lms/api/v1/item';

/** The LMS cart service: a learner's cart, saved as JSON text, readable from any device. */
export function createCartServiceApi(client: ApiClient = apiClient) {
  const post = <T>(path: string, body: unknown, token: string) =>
    client.request<T>(`${CART}/${path}`, { method: 'POST', body, token });
  return {
    save: (userId: string, items: unknown[], token: string) =>
      post<unknown>(
        'add-cart-data',
        { userId: Number(userId), data: JSON.stringify(items) },
        token,
      ),
    load: (userId: string, token: string) =>
      post<ServerCartResponse>('get-cart-data', { userId: Number(userId) }, token),
    remove: (userId: string, token: string) =>
      post<unknown>('delete-cart-data', { userId: Number(userId) }, token),
  };
}

export type CartServiceApi = ReturnType<typeof createCartServiceApi>;

export const cartServiceApi = createCartServiceApi();
