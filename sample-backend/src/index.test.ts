import {
  DEMO_LEARNER,
  SAMPLE_WC_CONSUMER_KEY,
  SAMPLE_WC_CONSUMER_SECRET,
  startSampleBackend,
} from './index';
import { makeStateDir, removeDir } from './test-support/backend';

describe('public entry', () => {
  it('sample WooCommerce credentials look like real ones', () => {
    expect(SAMPLE_WC_CONSUMER_KEY).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(SAMPLE_WC_CONSUMER_SECRET).toMatch(/^cs_[0-9a-f]{40}$/);
  });

  it('the demo learner matches the captured WordPress user', () => {
    expect(DEMO_LEARNER).toEqual({
      email: 'learner@example.com',
      username: 'learner',
      password: 'Learner#2026',
      userId: 3,
      displayName: 'Dr Test Learner',
    });
  });

  it('startSampleBackend listens on a free port and closes', async () => {
    const stateDir = await makeStateDir();
    const backend = await startSampleBackend({ stateDir });
    expect(backend.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${backend.url}/wp-json/wp/v2/menu_home`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    await backend.close();
    await expect(fetch(`${backend.url}/wp-json/wp/v2/menu_home`)).rejects.toThrow();
    await removeDir(stateDir);
  });
});
