import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { TOKEN_CHECKS_PER_MINUTE } from '.';
import { CONTACT_FORM_MAX_BYTES } from '../proxy/routeTable';
import { recordingWordPressPerTest } from '../test-support/recordingWordPress';
import { jwtFor } from '../test-support/tokens';

/**
 * Learners 3 and 4 (their profiles, as WordPress gives them without `_fields`), their courses and
 * exam dates, and the contact form, as WordPress answers them.
 */
function learnerRoutes(server: FastifyInstance) {
  server.get('/wp-json/wp/v2/users/me', (request, reply) => {
    const id = [3, 4].find((user) => request.headers.authorization === `Bearer ${jwtFor(user)}`);
    return id === undefined
      ? reply.code(401).send({ code: 'rest_not_logged_in', message: 'no', data: { status: 401 } })
      : { id, meta: { exam_date: '2027-03-01' }, email: `learner${String(id)}@example.com` };
  });
  server.get<{ Params: { id: string } }>('/wp-json/wp/v2/usercourses/:id', (request) => [
    { course_id: 2101, learner: Number(request.params.id) },
  ]);
  server.post('/wp-json/wp/v2/update_user_date', (request) => ({
    success: true,
    received: request.body,
  }));
  server.post('/wp-json/contact-form/v1/submit', () => ({ success: true }));
  server.get('/*', (request) => ({ url: request.url }));
}

describe('a learner’s own routes and the contact form, through the route table', () => {
  // A gateway per test: each starts with its own rate-limit allowance.
  const site = recordingWordPressPerTest(learnerRoutes);
  const reached = (fragment: string) => site.wordpress.hits.filter((hit) => hit.includes(fragment));
  const as = (id: number) => ({ authorization: `Bearer ${jwtFor(id)}` });

  describe('a learner’s courses (usercourses/{id})', () => {
    const courses = (url: string, headers: Record<string, string> = {}) =>
      site.gateway.inject({ url, headers });

    it('are their own learner’s, with that learner’s token, and kept by no browser, proxy or cache', async () => {
      const own = await courses('/wp-json/wp/v2/usercourses/3', as(3));
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([{ course_id: 2101, learner: 3 }]);
      expect(own.headers['cache-control']).toBe('no-store');
      const other = await courses('/wp-json/wp/v2/usercourses/4', as(4));
      expect(other.json()).toEqual([{ course_id: 2101, learner: 4 }]);
      const again = await courses('/wp-json/wp/v2/usercourses/3', as(3));
      expect(again.headers['x-cache']).toBeUndefined();
      expect(reached('usercourses')).toHaveLength(3);
    });

    it('are refused without a token, with a forged one, or for another learner', async () => {
      const anonymous = await courses('/wp-json/wp/v2/usercourses/3');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: 'Please log in to see your courses.' });
      expect(
        (await courses('/wp-json/wp/v2/usercourses/3', { authorization: 'Bearer x.y.z' }))
          .statusCode,
      ).toBe(401);
      const another = await courses('/wp-json/wp/v2/usercourses/4', as(3));
      expect(another.statusCode).toBe(403);
      expect(another.json()).toMatchObject({ code: 'forbidden' });
      expect(reached('usercourses')).toEqual([]);
    });

    it('cannot be asked for another learner by another spelling of the path or a query', async () => {
      const statuses: Record<string, number> = {};
      for (const url of [
        '/wp-json/wp/v2/UserCourses/4',
        '/wp-json/wp/v2/usercourses/04',
        '/wp-json/wp/v2/usercourses/4/',
        '/wp-json/wp/v2/usercourses/3/../4',
        '/wp-json/wp/v2/usercourses/3/%2E%2E/4',
        '/wp-json/wp/v2/usercourses/%34',
        '/wp-json/wp/v2/usercourses/3?id=4',
        '/wp-json/wp/v2/usercourses/3?i%64=4',
        '/wp-json/wp/v2/usercourses/3?id[]=4',
        '/wp-json/wp/v2/usercourses',
        '/wp-json/wp/v2/usercourses/3/4',
        '/wp-json?rest_route=/wp/v2/usercourses/4',
      ]) {
        statuses[url] = (await courses(url, as(3))).statusCode;
      }
      expect(Object.entries(statuses).filter(([, status]) => status < 400)).toEqual([]);
      expect(reached('usercourses')).toEqual([]);
    });
  });

  describe('a learner’s exam date (update_user_date)', () => {
    const setDate = (
      body: unknown,
      headers: Record<string, string> = as(3),
      url = '/wp-json/wp/v2/update_user_date',
    ) => site.gateway.inject({ method: 'POST', url, headers, payload: body as string });

    it('is set for the token’s own learner, the body passed on as sent', async () => {
      const own = await setDate({ user_id: 3, exam_date: '2027-03-01' });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ received: { user_id: 3, exam_date: '2027-03-01' } });
      expect(own.headers['cache-control']).toBe('no-store');
      expect((await setDate({ user_id: '3', exam_date: '2027-03-01' })).statusCode).toBe(200);
    });

    it('is refused for a forged user_id, without one, without a token, or with a user_id in the query', async () => {
      const forged = await setDate({ user_id: 4, exam_date: '2027-03-01' });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({
        message: 'You can only set the exam date of your own account.',
      });
      expect((await setDate({ exam_date: '2027-03-01' })).statusCode).toBe(403);
      expect((await setDate({ user_id: [3], exam_date: '2027-03-01' })).statusCode).toBe(403);
      expect((await setDate({ user_id: 3 }, {})).statusCode).toBe(401);
      expect(
        (
          await setDate(
            { user_id: 3, exam_date: '2027-03-01' },
            as(3),
            '/wp-json/wp/v2/update_user_date?user_id=4',
          )
        ).statusCode,
      ).toBe(400);
      // It is set by a post only: any other method is no route.
      expect(
        (await site.gateway.inject({ url: '/wp-json/wp/v2/update_user_date', headers: as(4) }))
          .statusCode,
      ).toBe(404);
      expect(reached('update_user_date')).toEqual([]);
    });

    it('is refused in a body the gateway cannot check (a form, text)', async () => {
      const form = await setDate('user_id=4&exam_date=2027-03-01', {
        ...as(3),
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(form.statusCode).toBe(415);
      const text = await setDate('{"user_id":4}', { ...as(3), 'content-type': 'text/plain' });
      expect(text.statusCode).toBe(403);
      expect(reached('update_user_date')).toEqual([]);
    });
  });

  describe('a learner’s own profile (users/me), for their exam date', () => {
    const profile = (url: string, headers: Record<string, string> = as(3), method = 'GET') =>
      site.gateway.inject({ method: method as 'GET', url, headers });
    /** WordPress's hits of users/me but the gateway's own token checks (no query). */
    const profileReads = () => reached('users/me?');

    it('is read with the token for its exam date alone, whatever else is asked, and kept by nobody', async () => {
      const own = await profile('/wp-json/wp/v2/users/me?context=edit&_fields=email,meta&_embed=1');
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      expect(profileReads()).toEqual(['GET /wp-json/wp/v2/users/me?_fields=meta.exam_date']);
      const again = await profile('/wp-json/wp/v2/users/me', as(4));
      expect(again.headers['x-cache']).toBeUndefined();
      expect(profileReads()).toHaveLength(2);
    });

    it('is refused without a token or with a forged one, before WordPress', async () => {
      const anonymous = await profile('/wp-json/wp/v2/users/me', {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: 'Please log in to see your exam date.' });
      const forged = await profile('/wp-json/wp/v2/users/me', { authorization: 'Bearer x.y.z' });
      expect(forged.statusCode).toBe(401);
      expect(profileReads()).toEqual([]);
    });

    it('never another user’s, by id, list, spelling or query; never changed', async () => {
      const statuses: Record<string, number> = {};
      for (const url of [
        '/wp-json/wp/v2/users/4',
        '/wp-json/wp/v2/users/3',
        '/wp-json/wp/v2/users',
        '/wp-json/wp/v2/users?search=learner',
        '/wp-json/wp/v2/Users/me',
        '/wp-json/wp/v2/users/me/4',
        '/wp-json?rest_route=/wp/v2/users/4',
      ]) {
        statuses[url] = (await profile(url)).statusCode;
      }
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        statuses[method] = (await profile('/wp-json/wp/v2/users/me', as(3), method)).statusCode;
      }
      expect(Object.entries(statuses).filter(([, status]) => status < 400)).toEqual([]);
      expect(site.wordpress.hits.filter((hit) => /users(?!\/me$)/.test(hit))).toEqual([]);
    });
  });

  describe('the contact form', () => {
    const contact = (message: string) =>
      site.gateway.inject({
        method: 'POST',
        url: '/wp-json/contact-form/v1/submit',
        payload: {
          name: 'Dr Amara Okafor',
          phonenum: '+44 7700 900123',
          email: 'a@example.com',
          message,
        },
      });

    it('takes five messages a minute from a client; the sixth is a 429 JSON error', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await contact('Hello')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const sixth = await contact('Hello');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ code: 'rate_limited', data: { status: 429 } });
      expect(sixth.json<{ message: string }>().message).toMatch(/^Too many attempts\. Please wait/);
      expect(reached('contact-form')).toHaveLength(5);
    });

    it('refuses a huge message, declared or streamed, before it reaches WordPress', async () => {
      const huge = await contact('x'.repeat(CONTACT_FORM_MAX_BYTES));
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ code: 'payload_too_large', data: { status: 413 } });
      const streamed = await site.gateway.inject({
        method: 'POST',
        url: '/wp-json/contact-form/v1/submit',
        headers: { 'content-type': 'application/json' },
        payload: Readable.from([`{"message":"${'x'.repeat(CONTACT_FORM_MAX_BYTES)}"}`]),
      });
      expect(streamed.statusCode).toBe(413);
      expect(reached('contact-form')).toEqual([]);
      // A long message of a few thousand characters is taken.
      expect((await contact('Is there a mock? '.repeat(300))).statusCode).toBe(200);
    });
  });

  it('passes the new pages’ reads on, kept briefly for everyone', async () => {
    for (const url of [
      '/wp-json/custom/v1/404',
      '/wp-json/custom/v1/acceptable-use-policy',
      '/wp-json/wp/v2/course/2101',
      '/wp-json/wp/v2/products-with-ticket',
      '/wp-json/wp/v2/page-details/location-1',
    ]) {
      const first = await site.gateway.inject({ url });
      expect({ url, status: first.statusCode, body: first.json<unknown>() }).toEqual({
        url,
        status: 200,
        body: { url },
      });
      expect((await site.gateway.inject({ url })).headers['x-cache']).toBe('HIT');
    }
  });

  it('counts the token checks WordPress answers on every route together, apart from a route’s own limit', async () => {
    const checks = () => reached('users/me').length;
    // Logging out is limited to 20 a minute on its own; each of these tokens is new to WordPress.
    for (let id = 100; id < 120; id += 1) {
      await site.gateway.inject({ method: 'POST', url: '/api/session/logout', headers: as(id) });
    }
    expect(checks()).toBe(20);
    const statuses = [];
    for (let id = 200; id < 211; id += 1) {
      statuses.push(
        (
          await site.gateway.inject({
            url: `/wp-json/wp/v2/usercourses/${String(id)}`,
            headers: as(id),
          })
        ).statusCode,
      );
    }
    // 30 checks a minute in all: 10 more, then a 429 that never reaches WordPress.
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect(checks()).toBe(TOKEN_CHECKS_PER_MINUTE);
  });

  it('serves the shell’s page for the new routes, any other path included', async () => {
    for (const url of [
      '/contact-us',
      '/my-courses',
      '/courses',
      '/events',
      '/acceptable-use-policy',
    ]) {
      const response = await site.gateway.inject({ url, headers: { accept: 'text/html' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(response.body).toContain('<script id="remotes-config"');
    }
  });
});
