import { mockFetch } from 'shared-store/testing';
import { createCartServiceApi } from './cartService';

const service = createCartServiceApi();

describe('the cart service', () => {
  it.each<[string, () => Promise<unknown>, string, unknown]>([
    [
      'save',
      () => service.save('3', '[{"id":1}]', 'jwt'),
      '/lms/api/v1/item/add-cart-data',
      { userId: 3, data: '[{"id":1}]' },
    ],
    ['load', () => service.load('3', 'jwt'), '/lms/api/v1/item/get-cart-data', { userId: 3 }],
    [
      'remove',
      () => service.remove('3', 'jwt'),
      '/lms/api/v1/item/delete-cart-data',
      { userId: 3 },
    ],
  ])(
    '%s is a POST of the cart service’s payload, with the learner’s token',
    async (_name, call, url, body) => {
      const { fetchMock } = mockFetch({ '/lms/api/v1/item/': () => ({ body: {} }) });
      await call();
      const [calledUrl, init] = fetchMock.mock.calls[0] ?? [];
      expect(calledUrl).toBe(url);
      expect(init?.method).toBe('POST');
      expect(JSON.parse(init?.body ?? '')).toEqual(body);
      expect(init?.headers.get('Authorization')).toBe('Bearer jwt');
    },
  );
});
