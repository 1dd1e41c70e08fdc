import { mockFetch, pendingAnswer } from '../testing';
import { ApiError, createApiClient } from './client';

describe('API client', () => {
  it('maps a WordPress error body to an ApiError with its status, code and message', async () => {
    mockFetch({
      '/wp-json/wp/v2/menu_home': () => ({
        status: 404,
        body: { code: 'rest_no_route', message: 'No route was found.', data: { status: 404 } },
      }),
    });
    const client = createApiClient();
    await expect(client.request('/wp-json/wp/v2/menu_home')).rejects.toMatchObject({
      status: 404,
      code: 'rest_no_route',
      message: 'No route was found.',
    });
  });

  it("keeps the error body's data as details for the caller", async () => {
    const data = { status: 409, total: '44.99' };
    mockFetch({
      '/api/shop/orders': () => ({
        status: 409,
        body: { code: 'price_changed', message: 'Prices have changed.', data },
      }),
    });
    await expect(
      createApiClient().request('/api/shop/orders', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({ status: 409, code: 'price_changed', details: data });
  });

  it('an answer of 204 No Content is a success without a body', async () => {
    mockFetch({ '/api/session/logout': () => ({ status: 204, body: undefined }) });
    await expect(
      createApiClient().request('/api/session/logout', { method: 'POST' }),
    ).resolves.toBeUndefined();
  });

  it('gives up after the timeout with a clear error', async () => {
    const { calls } = mockFetch({ '/slow': pendingAnswer });
    const client = createApiClient({ timeoutMs: 20 });
    const failure = client.request('/slow');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 0, code: 'timeout' });
    expect(calls).toEqual(['/slow']);
  });

  it('sends the query, the JSON body and the bearer token', async () => {
    const { fetchMock } = mockFetch({ '/lms/': () => ({ body: { ok: true } }) });
    await createApiClient().request('/lms/api/v1/item/get-cart-data', {
      method: 'POST',
      query: { a: 1, skip: undefined },
      body: { userId: 3 },
      token: 'jwt',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/lms/api/v1/item/get-cart-data?a=1');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"userId":3}');
    expect(init?.headers.get('Authorization')).toBe('Bearer jwt');
  });
});
