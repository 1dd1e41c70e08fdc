import path from 'node:path';
import { readConfig, SECRET_VARIABLES } from './environment';

const COOKIE_SECRET = 'a-cookie-secret-of-32-characters';

/** A production configuration's upstreams and keys, all of them. */
const UPSTREAMS = {
  WORDPRESS_URL: 'https://wp.example',
  LMS_API_URL: 'https://lms.example/api',
  PORTAL_URL: 'https://portal.example',
  WC_CONSUMER_KEY: 'ck_live',
  WC_CONSUMER_SECRET: 'cs_live',
};

/** What a production start needs besides its upstreams (HOST is loopback by default). */
const PRODUCTION = { ...UPSTREAMS, PUBLIC_URL: 'https://shop.example', COOKIE_SECRET };

/** The message a configuration is refused with ('' when it is taken). */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    readConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('gateway configuration', () => {
  it('defaults to port 8080 on loopback with the sample backend', () => {
    const config = readConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.WORDPRESS_URL).toBeUndefined();
  });

  it('with nothing set: port 8080 on loopback, log level info, no source maps, no trusted proxy, other origin or framer, 300 ms for the server render and the head, the apps beside the gateway, and nothing else', () => {
    expect(readConfig({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      APPS_ROOT: path.resolve(__dirname, '..', '..', '..'),
      PUBLIC_SOURCE_MAPS: false,
      LOG_LEVEL: 'info',
      TRUSTED_PROXIES: [],
      ALLOWED_ORIGINS: [],
      FRAME_ANCESTORS: [],
      SERVER_RENDER_BUDGET_MS: 300,
      HEAD_READ_BUDGET_MS: 300,
      WORDPRESS_PUBLIC_URL: 'https://www.example-academy.test',
      upstreams: undefined,
    });
  });

  it('reads a number as Number() does (spaces around it, 1e3); a fraction, a word or a number out of range is refused', () => {
    expect(readConfig({ PORT: ' 8081 ' }).PORT).toBe(8081);
    expect(readConfig({ HEAD_READ_BUDGET_MS: '1e3' }).HEAD_READ_BUDGET_MS).toBe(1000);
    expect(refusal({ PORT: '80.5' })).toBe(
      'Invalid configuration: PORT: Invalid input: expected int, received number',
    );
    expect(refusal({ PORT: '70000' })).toBe(
      'Invalid configuration: PORT: Too big: expected number to be <=65535',
    );
  });

  it('names every variable that is wrong, with one problem each', () => {
    expect(refusal({ PORT: 'eighty', HOST: ' ', LOG_LEVEL: 'loud' })).toBe(
      'Invalid configuration: PORT: Invalid input: expected number, received NaN; HOST: Too small: expected string to have >=1 characters; LOG_LEVEL: Invalid option: expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent"',
    );
  });

  it('takes TRUSTED_PROXIES as IPv4 or IPv6 addresses and CIDR ranges, and nothing else', () => {
    expect(
      readConfig({ TRUSTED_PROXIES: ' 10.0.0.1, 10.0.0.0/8 ::1  2001:db8::/32,::ffff:10.0.0.1 ' })
        .TRUSTED_PROXIES,
    ).toEqual(['10.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32', '::ffff:10.0.0.1']);
    for (const bad of [
      '10.0.0.256',
      '010.0.0.1',
      '10.0.0.0/33',
      '10.0.0.0/08',
      '10.0.0.0/8/8',
      '::1/129',
      'fe80::1%eth0',
      'proxy.internal',
    ]) {
      expect(refusal({ TRUSTED_PROXIES: `10.0.0.1 ${bad}` })).toBe(
        'Invalid configuration: TRUSTED_PROXIES.1: each entry must be an IP address or a CIDR range',
      );
    }
  });

  it('takes ALLOWED_ORIGINS as http(s) URLs, each kept as its origin', () => {
    expect(
      readConfig({ ALLOWED_ORIGINS: ' https://app.example.com/path, HTTP://b.example:8080 ' })
        .ALLOWED_ORIGINS,
    ).toEqual(['https://app.example.com', 'http://b.example:8080']);
    for (const bad of ['https:app.example.com', 'ftp://app.example.com', 'app.example.com']) {
      expect(refusal({ ALLOWED_ORIGINS: bad })).toBe(
        'Invalid configuration: ALLOWED_ORIGINS.0: Invalid URL',
      );
    }
  });

  it('names the variable that is wrong', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ WORDPRESS_URL: 'ftp://wp.example' })).toThrow(/WORDPRESS_URL/);
    expect(() => readConfig({ SERVER_RENDER_BUDGET_MS: 'soon' })).toThrow(
      /SERVER_RENDER_BUDGET_MS/,
    );
  });

  it('serves no metrics unless METRICS_PORT is set, and never on the storefront’s own port', () => {
    expect(readConfig({}).METRICS_PORT).toBeUndefined();
    expect(readConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    for (const bad of ['0', 'nine', '70000', '-1']) {
      expect(() => readConfig({ METRICS_PORT: bad })).toThrow(/METRICS_PORT/);
    }
    expect(refusal({ PORT: '9000', METRICS_PORT: '9000' })).toMatch(
      /METRICS_PORT .*must differ from PORT/,
    );
  });

  it('takes a Tag Manager container id as GTM_ID, and nothing else (it goes into every page)', () => {
    expect(readConfig({}).GTM_ID).toBeUndefined();
    expect(readConfig({ GTM_ID: ' GTM-AB12CD ' }).GTM_ID).toBe('GTM-AB12CD');
    for (const bad of ['UA-1234', 'GTM-"><script>', 'GTM-ab12cd', 'GTM-A']) {
      expect(() => readConfig({ GTM_ID: bad })).toThrow(/GTM_ID/);
    }
  });

  it('takes how long the home page may wait for its banner, 0 turning the server render off', () => {
    expect(readConfig({}).SERVER_RENDER_BUDGET_MS).toBe(300);
    expect(readConfig({ SERVER_RENDER_BUDGET_MS: '0' }).SERVER_RENDER_BUDGET_MS).toBe(0);
    expect(readConfig({ SERVER_RENDER_BUDGET_MS: '150' }).SERVER_RENDER_BUDGET_MS).toBe(150);
  });

  it('hands the page the WordPress site’s public origin: as set, else WORDPRESS_URL’s, else the sample’s site', () => {
    expect(readConfig({}).WORDPRESS_PUBLIC_URL).toBe('https://www.example-academy.test');
    const real = { ...PRODUCTION, WORDPRESS_URL: 'https://cms.example.com/' };
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
    expect(readConfig({}).HEAD_READ_BUDGET_MS).toBe(300);
    expect(readConfig({ HEAD_READ_BUDGET_MS: '0' }).HEAD_READ_BUDGET_MS).toBe(0);
    expect(readConfig({ HEAD_READ_BUDGET_MS: '250' }).HEAD_READ_BUDGET_MS).toBe(250);
    expect(() => readConfig({ HEAD_READ_BUDGET_MS: '-1' })).toThrow(/HEAD_READ_BUDGET_MS/);
    expect(() => readConfig({ HEAD_READ_BUDGET_MS: '60000' })).toThrow(/HEAD_READ_BUDGET_MS/);
  });

  it('runs the embedded sample backend only when no upstream is configured at all', () => {
    expect(readConfig({}).upstreams).toBeUndefined();
    expect(readConfig({ ...PRODUCTION, PORT: '9000' }).upstreams).toEqual({
      wordpress: 'https://wp.example',
      lms: 'https://lms.example/api',
      portal: 'https://portal.example',
      wooCommerce: { key: 'ck_live', secret: 'cs_live' },
    });
  });

  it('with any upstream or key configured, stops the start naming every one that is missing', () => {
    const names = Object.keys(UPSTREAMS);
    for (const name of names) {
      const message = refusal({ [name]: UPSTREAMS[name as keyof typeof UPSTREAMS] });
      const missing = names.filter((other) => other !== name);
      expect(message).toContain(`${missing.join(', ')} are required with ${name}`);
    }
    expect(refusal({ ...UPSTREAMS, PORTAL_URL: undefined })).toMatch(
      /^Invalid configuration: PORTAL_URL is required with /,
    );
    // An empty value is no value: a deploy's blank line is a missing upstream.
    expect(refusal({ ...UPSTREAMS, LMS_API_URL: '' })).toMatch(/LMS_API_URL is required/);
  });

  it('a production start (an upstream configured, or NODE_ENV=production) without PUBLIC_URL, COOKIE_SECRET or, off loopback, TRUSTED_PROXIES is refused, naming each one missing', () => {
    for (const production of [UPSTREAMS, { NODE_ENV: 'production' }]) {
      const message = refusal({ ...production, HOST: '0.0.0.0' });
      expect(message).toMatch(/^Invalid configuration: a production start/);
      for (const name of ['PUBLIC_URL', 'COOKIE_SECRET', 'TRUSTED_PROXIES']) {
        expect(message).toContain(`${name} (`);
      }
      expect(message).toContain('HOST 0.0.0.0 is not loopback');
      expect(refusal({ ...production, COOKIE_SECRET })).toMatch(/requires PUBLIC_URL \(/);
      expect(refusal({ ...production, PUBLIC_URL: 'https://shop.example' })).toMatch(
        /requires COOKIE_SECRET \(/,
      );
      expect(
        refusal({ ...production, ...PRODUCTION, HOST: '0.0.0.0', TRUSTED_PROXIES: ' ' }),
      ).toMatch(/requires TRUSTED_PROXIES \(HOST 0\.0\.0\.0 is not loopback/);
    }
  });

  it('a production start with its address, cookie secret and (off loopback) proxies starts; on loopback it needs no proxies', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost']) {
      expect(refusal({ ...PRODUCTION, HOST: host })).toBe('');
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'shop.internal']) {
      expect(refusal({ ...PRODUCTION, HOST: host })).toMatch(/TRUSTED_PROXIES/);
      expect(refusal({ ...PRODUCTION, HOST: host, TRUSTED_PROXIES: '10.0.0.0/8' })).toBe('');
    }
    expect(
      refusal({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', COOKIE_SECRET }),
    ).toBe('');
  });

  it('the sample backend starts with no configuration at all (npm start)', () => {
    expect(refusal({})).toBe('');
  });

  it('takes FRAME_ANCESTORS as origins only, refusing anything that would change the policy it goes into', () => {
    expect(
      readConfig({
        FRAME_ANCESTORS:
          ' https://app.example.com  https://admin.example.com:8443,capacitor://localhost ',
      }).FRAME_ANCESTORS,
    ).toEqual([
      'https://app.example.com',
      'https://admin.example.com:8443',
      'capacitor://localhost',
    ]);
    expect(readConfig({}).FRAME_ANCESTORS).toEqual([]);
    for (const bad of [
      'https://app.example.com; script-src *',
      'https://app.example.com;script-src',
      '*',
      'https://*.example.com',
      'https:',
      "'self'",
      "'none'",
      "'unsafe-inline'",
      'https://app.example.com/path',
      'https://user@app.example.com',
      'app.example.com',
      "https://app.example.com'",
      'https://app.example.com?x=1',
    ]) {
      expect(refusal({ FRAME_ANCESTORS: bad })).toMatch(
        /^Invalid configuration: FRAME_ANCESTORS.*must be an origin/,
      );
    }
  });

  it('serves source maps only when an operator turns them on', () => {
    expect(readConfig({}).PUBLIC_SOURCE_MAPS).toBe(false);
    expect(readConfig({ PUBLIC_SOURCE_MAPS: 'true' }).PUBLIC_SOURCE_MAPS).toBe(true);
    expect(refusal({ PUBLIC_SOURCE_MAPS: 'maybe' })).toMatch(/PUBLIC_SOURCE_MAPS/);
  });

  it('a yes-or-no setting takes true, 1, yes, on, y or enabled and their opposites, in any case', () => {
    const sourceMaps = (value: string) =>
      readConfig({ PUBLIC_SOURCE_MAPS: value }).PUBLIC_SOURCE_MAPS;
    expect(['true', '1', 'YES', 'On', 'y', 'enabled'].map(sourceMaps)).toEqual(Array(6).fill(true));
    expect(['false', '0', 'no', 'OFF', 'N', 'Disabled'].map(sourceMaps)).toEqual(
      Array(6).fill(false),
    );
    for (const bad of ['', ' true', 'maybe']) {
      expect(refusal({ PUBLIC_SOURCE_MAPS: bad })).toMatch(
        /^Invalid configuration: PUBLIC_SOURCE_MAPS: Invalid option/,
      );
    }
  });

  it('takes a Redis as redis://, rediss:// or a Unix socket, and names it for logs without its password', () => {
    const redis = (url: string) => readConfig({ COOKIE_SECRET, REDIS_URL: url }).REDIS_URL;
    expect(redis('redis://:hunter2@cache.internal:6380/1')).toEqual({
      url: 'redis://:hunter2@cache.internal:6380/1',
      where: 'cache.internal:6380',
    });
    expect(redis('rediss://default:hunter2@cache.example.com')).toEqual({
      url: 'rediss://default:hunter2@cache.example.com',
      where: 'cache.example.com:6379',
    });
    expect(redis('unix:///run/redis/redis%20a.sock')).toEqual({
      path: '/run/redis/redis a.sock',
      where: '/run/redis/redis a.sock',
    });
    expect(readConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(readConfig({}).REDIS_URL).toBeUndefined();
  });

  it('refuses any other REDIS_URL with the forms it takes, never repeating the URL', () => {
    for (const url of [
      'http://:hunter2@cache.internal:6379',
      'cache.internal:6379',
      'redis://:hunter2@/0',
      'unix://hunter2/redis.sock',
      'unix:///run/redis.sock?password=hunter2',
    ]) {
      const message = refusal({ COOKIE_SECRET, REDIS_URL: url });
      expect(message).toMatch(
        /REDIS_URL: must be redis:\/\/.*rediss:\/\/.*unix:\/\/\/absolute\/path\.sock/,
      );
      expect(message).not.toContain('hunter2');
    }
  });

  it('requires COOKIE_SECRET with REDIS_URL: every instance must share it', () => {
    expect(refusal({ REDIS_URL: 'redis://cache.internal:6379' })).toMatch(
      /COOKIE_SECRET is required with REDIS_URL: every instance must share one COOKIE_SECRET/,
    );
    expect(refusal({ REDIS_URL: 'redis://cache.internal:6379', COOKIE_SECRET })).toBe('');
  });

  it('removes REDIS_URL from the environment with the other secrets (it may hold a password)', () => {
    expect(SECRET_VARIABLES).toContain('REDIS_URL');
  });
});
