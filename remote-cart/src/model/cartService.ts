import { apiClient } from 'shared-store';

const CART = '/lms/api/v1/item';

/**
 * The LMS cart service: a learner's cart, saved as JSON text, readable from any device. Answers
 * are not trusted: the cart sync reads them through its own parser.
 */
export function createCartServiceApi(client: typeof apiClient = apiClient) {
  const post = (path: string, body: unknown, token: string) =>
    client.request<unknown>(`${CART}/${path}`, { method: 'POST', body, token, noStore: true });
  return {
    /** Saves the cart's text (the cart service's payload: userId and the items as JSON text). */
    save: (userId: string, data: string, token: string) =>
      post('add-cart-data', { userId: Number(userId), data }, token),
    load: (userId: string, token: string) =>
      post('get-cart-data', { userId: Number(userId) }, token),
    remove: (userId: string, token: string) =>
      post('delete-cart-data', { userId: Number(userId) }, token),
  };
}

export type CartServiceApi = ReturnType<typeof createCartServiceApi>;

export const cartServiceApi = createCartServiceApi();
