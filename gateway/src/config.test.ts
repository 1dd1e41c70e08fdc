import { readConfig } from './config';

describe('gateway configuration', () => {
  it('defaults to port 8080 on loopback with the sample backend', () => {
    const config = readConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.WORDPRESS_URL).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ WORDPRESS_URL: 'ftp://wp.example' })).toThrow(/WORDPRESS_URL/);
  });

  it('requires WooCommerce credentials with a real WordPress', () => {
    expect(() => readConfig({ WORDPRESS_URL: 'https://wp.example' })).toThrow(/WC_CONSUMER_KEY/);
    expect(
      readConfig({
        WORDPRESS_URL: 'https://wp.example',
        WC_CONSUMER_KEY: 'k',
        WC_CONSUMER_SECRET: 's',
      }).WORDPRESS_URL,
    ).toBe('https://wp.example');
  });
});
