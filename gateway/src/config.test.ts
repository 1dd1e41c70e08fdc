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

  it('hands the page the WordPress site’s public origin: as set, else WORDPRESS_URL’s, else the sample’s site', () => {
    expect(readConfig({}).WORDPRESS_PUBLIC_URL).toBe('https://www.example-academy.test');
    const real = {
      WORDPRESS_URL: 'https://cms.example.com/',
      WC_CONSUMER_KEY: 'k',
      WC_CONSUMER_SECRET: 's',
    };
    expect(readConfig(real).WORDPRESS_PUBLIC_URL).toBe('https://cms.example.com');
    expect(
      readConfig({ ...real, WORDPRESS_PUBLIC_URL: 'https://www.example.com/blog/' })
        .WORDPRESS_PUBLIC_URL,
    ).toBe('https://www.example.com');
    expect(() => readConfig({ WORDPRESS_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
      /WORDPRESS_PUBLIC_URL/,
    );
    expect(() => readConfig({ WORDPRESS_PUBLIC_URL: 'www.example.com' })).toThrow(
      /WORDPRESS_PUBLIC_URL/,
    );
  });

  it('takes how long a page may wait for WordPress to say what it is about, 0 never asking', () => {
    expect(readConfig({}).HEAD_READ_BUDGET_MS).toBeUndefined();
    expect(readConfig({ HEAD_READ_BUDGET_MS: '0' }).HEAD_READ_BUDGET_MS).toBe(0);
    expect(readConfig({ HEAD_READ_BUDGET_MS: '250' }).HEAD_READ_BUDGET_MS).toBe(250);
    expect(() => readConfig({ HEAD_READ_BUDGET_MS: '-1' })).toThrow(/HEAD_READ_BUDGET_MS/);
    expect(() => readConfig({ HEAD_READ_BUDGET_MS: '60000' })).toThrow(/HEAD_READ_BUDGET_MS/);
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
