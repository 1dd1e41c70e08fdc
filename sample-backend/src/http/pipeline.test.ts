import type { FastifyInstance } from 'fastify';
import { json, testBackend, WC_BASIC } from '../test-support/backend';

let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ app, cleanup } = await testBackend());
});
afterAll(() => cleanup());

describe('request bodies', () => {
  it('answers malformed JSON with WordPress rest_invalid_json', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v1/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/lms/api/v1/item/add-cart-data',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: 3, data: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
  });

  it('treats an empty JSON body as no fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/update_live_courses',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an unsupported content type with a JSON 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wp-json/custom/v1/newsletter',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(response.statusCode).toBe(415);
    expect((json(response) as { code: string }).code).toBe('rest_unsupported_media_type');
  });
});

describe('not-found routes', () => {
  it.each([
    ['GET', '/wp-json/wp/v2/menu_home_v2'],
    ['POST', '/wp-json/wp/v2/menu_home'],
    ['GET', '/wp-json/wp/v2/posts/abc'],
    ['GET', '/wp-json/custom/v1/unknown'],
  ] as const)('%s %s is WordPress rest_no_route', async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
    expect(response.headers.allow).toBeUndefined();
  });

  it('anything outside the API is a JSON 404', async () => {
    const response = await app.inject('/wp-admin/');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect((json(response) as { code: string }).code).toBe('not_found');
  });
});

describe('CORS', () => {
  it('answers a preflight like WordPress', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/wp-json/wp/v2/posts',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('CORS reflected: any Origin is echoed with credentials allowed, on answers and errors alike', async () => {
    const origin = 'https://attacker.example';
    for (const request of [
      { url: '/wp-json/wp/v2/posts', headers: { origin } },
      { url: '/wp-json/wc/v3/orders/52001', headers: { origin, ...WC_BASIC } },
      { url: '/wp-json/wc/v3/orders/52001', headers: { origin } },
    ]) {
      const response = await app.inject(request);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
    }
  });

  it('sends no CORS headers without an Origin', async () => {
    const response = await app.inject('/wp-json/wp/v2/posts');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('errors before routing', () => {
  it('answers a malformed URL and an overlong path segment with WordPress-style bodies', async () => {
    const badUrl = await app.inject('/wp-json/wp/v2/posts/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    expect(json(badUrl)).toMatchObject({ code: 'rest_invalid_url', data: { status: 400 } });
    const long = await app.inject(`/portal/course/${'x'.repeat(3000)}`);
    expect(long.statusCode).toBe(414);
    expect(json(long)).toMatchObject({ code: 'rest_url_too_long', data: { status: 414 } });
  });
});
