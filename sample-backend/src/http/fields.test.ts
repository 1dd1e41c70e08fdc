import type { FastifyInstance } from 'fastify';
import { json, testBackend } from '../test-support/backend';
import { filterFields } from './fields';

let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ app, cleanup } = await testBackend());
});
afterAll(() => cleanup());

describe('_fields, as WordPress answers it on every REST route', () => {
  it('keeps only the named fields of each item of a list, a dotted name keeping part of a field', async () => {
    const response = await app.inject(
      '/wp-json/wp/v2/posts/?per_page=100&_fields=id,slug,title.rendered',
    );
    expect(response.statusCode).toBe(200);
    const posts = json(response) as Record<string, unknown>[];
    expect(posts.length).toBeGreaterThan(1);
    for (const post of posts) {
      expect(Object.keys(post).sort()).toEqual(['id', 'slug', 'title']);
      expect(Object.keys(post.title as object)).toEqual(['rendered']);
    }
    // The list's headers are WordPress's as without _fields.
    expect(response.headers['x-wp-total']).toBe(String(posts.length));
  });

  it('keeps the named fields of one object, leaves an error whole, and ignores an empty list', () => {
    expect(
      filterFields({ id: 1, slug: 'a', content: { rendered: 'x' } }, ['id', 'content']),
    ).toEqual({
      id: 1,
      content: { rendered: 'x' },
    });
    expect(filterFields({ a: { b: 1, c: 2 } }, ['a', 'a.b'])).toEqual({ a: { b: 1, c: 2 } });
    expect(filterFields({ a: 1, b: 2 }, ['missing'])).toEqual({});
    expect(filterFields([{ a: 1 }, 'text', null], ['a'])).toEqual([{ a: 1 }, 'text', null]);
    expect(filterFields({ a: 1 }, [' ', ''])).toEqual({ a: 1 });
  });

  it('an error answer is not filtered', async () => {
    const response = await app.inject('/wp-json/wp/v2/posts/?per_page=1000&_fields=id');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'rest_invalid_param' });
  });
});
