import {
  DEMO_LEARNER,
  SAMPLE_WC_CONSUMER_KEY,
  SAMPLE_WC_CONSUMER_SECRET,
  startSampleBackend,
} from './index';
import { makeStateDir, removeDir } from './test-support/backend';

describe('public entry', () => {
  it('the published sample credentials look like real ones but are no default', async () => {
    expect(SAMPLE_WC_CONSUMER_KEY).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(SAMPLE_WC_CONSUMER_SECRET).toMatch(/^cs_[0-9a-f]{40}$/);
    const stateDir = await makeStateDir();
    const backend = await startSampleBackend({ stateDir });
    const basic = Buffer.from(`${SAMPLE_WC_CONSUMER_KEY}:${SAMPLE_WC_CONSUMER_SECRET}`).toString(
      'base64',
    );
    const response = await fetch(`${backend.url}/wp-json/wc/v3/products/3101`, {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(response.status).toBe(401);
    await backend.close();
    await removeDir(stateDir);
  });

  it('generates random WooCommerce keys per start and returns them', async () => {
    const stateDir = await makeStateDir();
    const first = await startSampleBackend({ stateDir });
    const second = await startSampleBackend({ stateDir });
    expect(first.wooCommerce.key).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(first.wooCommerce.secret).toMatch(/^cs_[0-9a-f]{40}$/);
    expect(second.wooCommerce.key).not.toBe(first.wooCommerce.key);
    expect(second.wooCommerce.secret).not.toBe(first.wooCommerce.secret);
    const { key, secret } = first.wooCommerce;
    const basic = Buffer.from(`${key}:${secret}`).toString('base64');
    const url = `${first.url}/wp-json/wc/v3/products/3101`;
    expect((await fetch(url, { headers: { authorization: `Basic ${basic}` } })).status).toBe(200);
    expect(
      (
        await fetch(`${second.url}/wp-json/wc/v3/products/3101`, {
          headers: { authorization: `Basic ${basic}` },
        })
      ).status,
    ).toBe(401);
    await first.close();
    await second.close();
    await removeDir(stateDir);
  });

  it('uses and returns the keys it is given', async () => {
    const stateDir = await makeStateDir();
    const backend = await startSampleBackend({
      stateDir,
      wcConsumerKey: 'ck_given',
      wcConsumerSecret: 'cs_given',
    });
    expect(backend.wooCommerce).toEqual({ key: 'ck_given', secret: 'cs_given' });
    await backend.close();
    await removeDir(stateDir);
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
