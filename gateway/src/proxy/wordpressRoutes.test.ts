import { recordingWordPressPerTest } from '../test-support/recordingWordPress';

/** U+212A KELVIN SIGN, percent-encoded: JavaScript's toLowerCase() makes it a `k`, PHP never. */
const KELVIN = '%E2%84%AA';

describe('WordPress through the route table', () => {
  // A WordPress that answers every route; a gateway per test, each with its own rate-limit allowance.
  const site = recordingWordPressPerTest((server) => {
    server.all('/*', (request) => ({ url: request.url }));
  });

  it('a route spelled with a character outside ASCII is refused before its limit, its owner check or WordPress', async () => {
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const login = await site.gateway.inject({
        method: 'POST',
        url: `/wp-json/jwt-auth/v1/to${KELVIN}en`,
        payload: { username: 'learner@example.com', password: `guess-${String(attempt)}` },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({ code: 'non_canonical_request' });
    }
    const lookup = await site.gateway.inject(`/wp-json/custom/v2/chec${KELVIN}-order-lookup/52001`);
    expect(lookup.statusCode).toBe(400);
    expect(site.wordpress.hits).toEqual([]);
  });

  it.each([
    ['GET', '/wp-json/wp/v2/unused/3'],
    ['POST', '/wp-json/custom/v1/send-reset-link'],
    ['POST', '/wp-json/wp/v2/update_live_courses'],
    ['POST', '/wp-json/wsp-route/v1/create-subscription'],
    ['GET', '/wp-json/wp/v2/users'],
    ['GET', '/wp-json/'],
    ['POST', '/wp-json/batch/v1'],
  ] as const)(
    '%s %s, which no page calls, is WordPress’s no route, answered here',
    async (method, url) => {
      const answer = await site.gateway.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { user_id: 3 } } : {}),
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
      expect(site.wordpress.hits).toEqual([]);
    },
  );

  it('a read refuses every method that writes, and serves the one it is read with', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const write = await site.gateway.inject({
        method,
        url: '/wp-json/wp/v2/courseList',
        // A DELETE names what it removes in its path: it sends no body.
        ...(method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ method, status: write.statusCode }).toEqual({ method, status: 404 });
    }
    expect(site.wordpress.hits).toEqual([]);
    expect((await site.gateway.inject('/wp-json/wp/v2/courseList')).statusCode).toBe(200);
    expect(site.wordpress.hits).toEqual(['GET /wp-json/wp/v2/courseList']);
  });
});
