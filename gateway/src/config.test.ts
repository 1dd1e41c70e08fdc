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
    expect(() => readConfig({ SERVER_RENDER_BUDGET_MS: 'soon' })).toThrow(
      /SERVER_RENDER_BUDGET_MS/,
    );
  });

  it('takes how long the home page may wait for its banner, 0 turning the server render off', () => {
    expect(readConfig({}).SERVER_RENDER_BUDGET_MS).toBeUndefined();
    expect(readConfig({ SERVER_RENDER_BUDGET_MS: '0' }).SERVER_RENDER_BUDGET_MS).toBe(0);
    expect(readConfig({ SERVER_RENDER_BUDGET_MS: '150' }).SERVER_RENDER_BUDGET_MS).toBe(150);
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
