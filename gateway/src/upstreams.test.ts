import { readConfig } from './plugins/environment';
import { connectUpstreams, type SampleBackendModule } from './upstreams';

const CONFIGURED = {
  WORDPRESS_URL: 'https://wp.example.com',
  LMS_API_URL: 'https://lms.example.com',
  PORTAL_URL: 'https://portal.example.com',
  WC_CONSUMER_KEY: 'ck_configured',
  WC_CONSUMER_SECRET: 'cs_configured',
  PUBLIC_URL: 'https://shop.example.com',
  COOKIE_SECRET: 'c'.repeat(64),
  RELEASE_LINK_SECRET: 'r'.repeat(64),
};

describe('the upstreams a gateway starts with', () => {
  it('with its upstreams configured, the gateway never loads the sample backend', async () => {
    const load = jest.fn(() => Promise.reject(new Error('not to be loaded')));
    const connected = await connectUpstreams(readConfig(CONFIGURED), load);
    expect(load).not.toHaveBeenCalled();
    expect(connected.upstreams).toEqual({
      wordpress: 'https://wp.example.com',
      lms: 'https://lms.example.com',
    });
    expect(connected.portalUrl).toBe('https://portal.example.com');
    expect(connected.sample).toBeUndefined();
  });

  it('with none configured, the sample backend is loaded and started on a loopback port, with new WooCommerce keys', async () => {
    const sample = { url: 'http://127.0.0.1:41234', close: jest.fn() };
    const startSampleBackend = jest.fn(() => Promise.resolve(sample));
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const connected = await connectUpstreams(
      readConfig({}),
      jest.fn(() =>
        Promise.resolve({
          startSampleBackend:
            startSampleBackend as unknown as SampleBackendModule['startSampleBackend'],
        }),
      ),
    );
    expect(startSampleBackend).toHaveBeenCalledWith(
      expect.objectContaining({ host: '127.0.0.1', port: 0 }),
    );
    expect(connected.upstreams).toEqual({
      wordpress: sample.url,
      lms: sample.url,
      portal: sample.url,
    });
    expect(connected.wooCommerce.key).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(log).toHaveBeenCalledWith('No upstream configured: serving the embedded sample backend');
    log.mockRestore();
  });

  it('with none configured and no sample backend installed (a production install), the start stops and says which variables to set', async () => {
    const missing = Object.assign(new Error("Cannot find module 'sample-backend'"), {
      code: 'MODULE_NOT_FOUND',
    });
    await expect(connectUpstreams(readConfig({}), () => Promise.reject(missing))).rejects.toThrow(
      /^No upstream is configured and the sample backend is not installed .*: set WORDPRESS_URL, LMS_API_URL, PORTAL_URL, WC_CONSUMER_KEY and WC_CONSUMER_SECRET/,
    );
  });
});
