import type { FastifyInstance } from 'fastify';
import { learnerToken, testBackend } from '../test-support/backend';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ app, cleanup } = await testBackend());
  token = await learnerToken(app);
});
afterAll(() => cleanup());

describe('sample learner portal', () => {
  it('shows the learner their courses for a valid token, without scripts', async () => {
    const response = await app.inject(`/portal/course/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(response.body).toContain('Welcome back, Dr Test Learner.');
    expect(response.body).toContain('UKMLA AKT Online Course');
    expect(response.body).toContain('Back to the shop');
    expect(response.body).not.toMatch(/<script/i);
  });

  it('notes the mobile app and drops the shop link when opened from it', async () => {
    const response = await app.inject(`/portal/course/${token}?isMobileApp=true`);
    expect(response.body).toContain('opened from the mobile app');
    expect(response.body).not.toContain('Back to the shop');
  });

  it('asks to log in again for an invalid token', async () => {
    const response = await app.inject('/portal/course/not-a-token');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Please log in again');
  });
});
