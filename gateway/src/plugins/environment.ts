import { isIP } from 'node:net';
import path from 'node:path';
import { TAG_MANAGER_ID } from 'shared-store/server';
import * as v from 'valibot';
import { coercedNumber, problemsOf, validate } from '../validation';
import { GATEWAY_DEFAULTS, LOG_LEVELS } from './defaults';

/** A setting's value, trimmed, of `min` characters or more. */
const text = (min = 1) => v.pipe(v.string(), v.trim(), v.minLength(min));

/** A whole number from `min` to `max`, as the environment writes it ("" is 0). */
const count = (min: number, max: number) =>
  v.pipe(coercedNumber(), v.safeInteger(), v.minValue(min), v.maxValue(max));

/**
 * An http(s) URL: scheme://… exactly (not "https:example.com"), one the URL parser reads. Its tabs
 * and line breaks are dropped, as the parser drops them, so the host used is the one checked.
 */
const httpUrl = v.pipe(
  v.string(),
  v.check((url) => /^https?:\/\//i.test(url) && URL.canParse(url), 'Invalid URL'),
  v.transform((url) => url.replace(/[\t\n\r]/g, '')),
);

const optionalUrl = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.transform((value) => (value === '' ? undefined : value)),
    v.optional(httpUrl),
  ),
);

/**
 * A setting listing entries, separated by commas or spaces, each `entry`; unset, `fallback` (read
 * as the variable would be written).
 */
const listOf = <T extends v.GenericSchema<string>>(entry: T, fallback: string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((value) => value.split(/[\s,]+/).filter(Boolean)),
      v.array(entry),
    ),
    fallback.join(' '),
  );

/** An IPv4 address: four numbers of 0 to 255, dotted, none with a leading zero. */
const IPV4 =
  /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;

/** An IPv6 address: hex digits, colons and dots only, that a URL takes as its host. */
const isIPv6 = (address: string) =>
  /^[0-9a-fA-F:.]+$/.test(address) && URL.canParse(`http://[${address}]`);

/** An IP address, or a CIDR range (an address, then /0 to /32 or /128, no leading zero). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...more] = entry.split('/');
  if (prefix === undefined) return IPV4.test(address) || isIPv6(address);
  if (more.length > 0 || !/^(?:0|[1-9][0-9]*)$/.test(prefix)) return false;
  const bits = Number(prefix);
  return IPV4.test(address) ? bits <= 32 : bits <= 128 && isIPv6(address);
}

const address = v.pipe(
  v.string(),
  v.check(isAddressOrRange, 'each entry must be an IP address or a CIDR range'),
);

/**
 * One origin exactly, as a CSP host source: scheme://host[:port], nothing before or after it (no
 * path, wildcard, quote, semicolon or keyword: anything else would change the policy it joins).
 */
const ORIGIN_SOURCE =
  /^[a-z][a-z\d+.-]*:\/\/[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)*(?::\d{1,5})?$/i;

const originSource = v.pipe(
  v.string(),
  v.regex(
    ORIGIN_SOURCE,
    (issue) =>
      `each entry must be an origin, scheme://host[:port] with no path, wildcard, quote or semicolon: ${JSON.stringify(issue.input)} is not`,
  ),
);

/** The words a yes-or-no setting takes, in any case. */
const YES = ['true', '1', 'yes', 'on', 'y', 'enabled'];
const NO = ['false', '0', 'no', 'off', 'n', 'disabled'];

const yesOrNo = v.pipe(
  v.string(),
  v.check(
    (word) => [...YES, ...NO].includes(word.toLowerCase()),
    `Invalid option: expected one of ${[...YES, ...NO].map((word) => `"${word}"`).join('|')}`,
  ),
  v.transform((word) => YES.includes(word.toLowerCase())),
);

const REDIS_URL_FORMS =
  'must be redis://[:password@]host[:port][/db], rediss://… (TLS) or unix:///absolute/path.sock';

/**
 * Where the instances share rate limits, logged-out tokens and cached reads: a Redis URL for the
 * client, or a Unix socket's path. The URL may hold a password, so logs name the server by
 * `where` (host:port or the socket's path), never by the URL.
 */
export type RedisTarget = { url: string; where: string } | { path: string; where: string };

function redisTargetOf(value: string): RedisTarget | undefined {
  try {
    const url = new URL(value);
    if (url.protocol === 'unix:') {
      const path = decodeURIComponent(url.pathname);
      const plain = value.startsWith('unix:///') && !url.search && !url.hash;
      return plain ? { path, where: path } : undefined;
    }
    if ((url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname) {
      return { url: value, where: `${url.hostname}:${url.port || '6379'}` };
    }
  } catch {
    // Not a URL (or a socket path that does not decode): the message below says what is.
  }
  return undefined;
}

const redisUrl = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || redisTargetOf(value) !== undefined, REDIS_URL_FORMS),
    v.transform((value) => (value === '' ? undefined : redisTargetOf(value))),
  ),
);

/**
 * The WordPress site the embedded sample backend stands in for: its menu, footer and pages link
 * to this host, which the storefront shows as its own routes.
 */
const SAMPLE_WORDPRESS_PUBLIC_URL = 'https://www.example-academy.test';

const schema = v.object({
  PORT: v.optional(count(0, 65535), 8080),
  HOST: v.optional(text(), '127.0.0.1'),
  /**
   * Where the operators' Prometheus metrics are served (GET /metrics), on HOST: a port of their
   * own, never the storefront's. Unset: no metrics are served.
   */
  METRICS_PORT: v.optional(count(1, 65535)),
  WORDPRESS_URL: optionalUrl,
  /**
   * The WordPress site's public address, whose links the storefront shows as its own routes
   * (handed to the page as its origin). Default: WORDPRESS_URL's origin, or the sample's site.
   */
  WORDPRESS_PUBLIC_URL: optionalUrl,
  LMS_API_URL: optionalUrl,
  WC_CONSUMER_KEY: v.optional(text()),
  WC_CONSUMER_SECRET: v.optional(text()),
  PORTAL_URL: optionalUrl,
  /** Folder holding shell/ and remote-*\/ with their dist/ builds. */
  APPS_ROOT: v.optional(text(), path.resolve(__dirname, '..', '..', '..')),
  /** Where released remotes live (remotes/<name>/<version>/) with the live remotes.json. */
  DEPLOY_DIR: v.optional(text()),
  /** A JSON file of remote name -> manifest URL; default: <DEPLOY_DIR>/remotes.json. */
  REMOTES_CONFIG: v.optional(text()),
  /** Where the embedded sample backend keeps carts and orders (default: its own .data folder). */
  SAMPLE_STATE_DIR: v.optional(text()),
  /** Signs the cookie that remembers a browser's orders; set the same value on every instance. */
  COOKIE_SECRET: v.optional(text(32)),
  /**
   * Signs the links that put a browser in or out of a canary (npm run release -- --canary prints
   * them); the same value on every instance and where the release tools run. Unset: none is taken.
   */
  RELEASE_LINK_SECRET: v.optional(text(32)),
  /**
   * The Redis the instances share rate limits, logged-out tokens and cached reads through
   * (redis://, rediss:// or unix:///path.sock). Unset: each instance keeps its own in memory.
   */
  REDIS_URL: redisUrl,
  /**
   * The storefront's own address as visitors reach it (scheme, host, port). Absolute URLs the
   * gateway has built (payment links, images) use it, never the request's Host header.
   */
  PUBLIC_URL: optionalUrl,
  /**
   * Addresses or CIDRs of the proxies in front of the gateway (load balancer, edge cache), comma-
   * or space-separated. Only a request from one of them has its X-Forwarded-For believed; default
   * none, so rate limits count the connection's own address.
   */
  TRUSTED_PROXIES: listOf(address, GATEWAY_DEFAULTS.trustedProxies),
  /** Space-separated origins allowed to call the API from their pages (CORS); default none. */
  ALLOWED_ORIGINS: listOf(
    v.pipe(
      httpUrl,
      v.transform((url) => new URL(url).origin),
    ),
    GATEWAY_DEFAULTS.allowedOrigins,
  ),
  /** Signs the sample backend's login tokens (embedded sample only); random per start when unset. */
  SAMPLE_JWT_SECRET: v.optional(text(32)),
  /**
   * Serves the builds' source maps (`true`), for an operator debugging production; by default
   * they are not found. The federation's stats files are never served.
   */
  PUBLIC_SOURCE_MAPS: v.optional(yesOrNo, String(GATEWAY_DEFAULTS.publicSourceMaps)),
  /**
   * Origins allowed to frame the storefront (the company's app), space- or comma-separated, each
   * scheme://host[:port]: they go into every page's Content-Security-Policy.
   */
  FRAME_ANCESTORS: listOf(originSource, GATEWAY_DEFAULTS.frameAncestors),
  /**
   * How long (ms) a page waits for the reads and the render of its first screen on the server
   * (its route's `serverRender`); 0: never.
   */
  SERVER_RENDER_BUDGET_MS: v.optional(count(0, 5000), GATEWAY_DEFAULTS.serverRenderBudgetMs),
  /**
   * How long (ms) a page waits for WordPress to say what it is about (a course's title, price and
   * image for its head); 0: never asks, every page has its route's default head.
   */
  HEAD_READ_BUDGET_MS: v.optional(count(0, 5000), GATEWAY_DEFAULTS.headReadBudgetMs),
  /**
   * The Google Tag Manager container (GTM-…) the pages load, after the visitor's cookie choice is
   * told to Consent Mode; unset: no tag manager, and the policy allows none.
   */
  GTM_ID: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(TAG_MANAGER_ID, 'a Tag Manager container id, GTM- then 4 to 12 letters or digits'),
    ),
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS), GATEWAY_DEFAULTS.logLevel),
});

/** The upstreams and WooCommerce's keys: all of them, or none (the embedded sample backend). */
const UPSTREAM_VARIABLES = [
  'WORDPRESS_URL',
  'LMS_API_URL',
  'PORTAL_URL',
  'WC_CONSUMER_KEY',
  'WC_CONSUMER_SECRET',
] as const;

/** The services the gateway stands in front of, as configured. */
interface Upstreams {
  wordpress: string;
  lms: string;
  /** The learner dashboard's host (`{portal}/course/{token}`). */
  portal: string;
  wooCommerce: { key: string; secret: string };
}

export type GatewayEnv = v.InferOutput<typeof schema> & {
  WORDPRESS_PUBLIC_URL: string;
  /** Undefined when none is configured: the embedded sample backend stands in for them all. */
  upstreams: Upstreams | undefined;
};

/**
 * Every upstream and key, or none. A deploy that forgets one must not start: with the sample
 * backend standing in for it, learners' carts would be saved in the sample's local folder.
 */
function upstreamsOf(config: v.InferOutput<typeof schema>): Upstreams | undefined {
  const { WORDPRESS_URL, LMS_API_URL, PORTAL_URL, WC_CONSUMER_KEY, WC_CONSUMER_SECRET } = config;
  if (WORDPRESS_URL && LMS_API_URL && PORTAL_URL && WC_CONSUMER_KEY && WC_CONSUMER_SECRET) {
    return {
      wordpress: WORDPRESS_URL,
      lms: LMS_API_URL,
      portal: PORTAL_URL,
      wooCommerce: { key: WC_CONSUMER_KEY, secret: WC_CONSUMER_SECRET },
    };
  }
  const set = UPSTREAM_VARIABLES.filter((name) => config[name] !== undefined);
  if (set.length === 0) return undefined;
  const missing = UPSTREAM_VARIABLES.filter((name) => config[name] === undefined);
  throw new Error(
    `Invalid configuration: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required with ${set.join(', ')}: with any upstream configured, every upstream and key is (with none, the embedded sample backend runs)`,
  );
}

/** Whether the gateway listens on this machine only (HOST a loopback address or name). */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare.startsWith('::ffff:127.');
}

/**
 * A production start (an upstream configured, or NODE_ENV=production) needs what the sample's
 * defaults stand in for on a developer's machine; each one missing is named, with what it is for.
 */
function productionGaps(config: v.InferOutput<typeof schema>): string[] {
  return [
    config.PUBLIC_URL
      ? []
      : [
          'PUBLIC_URL (the storefront’s address as visitors reach it: payment links, images and Secure cookies are built from it)',
        ],
    config.COOKIE_SECRET
      ? []
      : [
          'COOKIE_SECRET (32 characters or more, the same on every instance: it signs the order and canary cookies)',
        ],
    isLoopback(config.HOST) || config.TRUSTED_PROXIES.length > 0
      ? []
      : [
          `TRUSTED_PROXIES (HOST ${config.HOST} is not loopback: the addresses of the load balancer or proxies in front, whose X-Forwarded-For is believed)`,
        ],
  ].flat();
}

/** Variables that hold secrets: read once at start, then removed from the environment. */
export const SECRET_VARIABLES = [
  'WC_CONSUMER_KEY',
  'WC_CONSUMER_SECRET',
  'COOKIE_SECRET',
  'RELEASE_LINK_SECRET',
  'SAMPLE_JWT_SECRET',
  'REDIS_URL',
] as const;

/** Validates the environment; a bad value stops the start with a message naming the variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayEnv {
  // One problem per variable (its first), every variable that is wrong named.
  const result = validate(schema, env, { abortPipeEarly: true });
  if (!result.success) throw new Error(`Invalid configuration: ${problemsOf(result.issues)}`);
  const config = result.output;
  const upstreams = upstreamsOf(config);
  const gaps = upstreams || env.NODE_ENV === 'production' ? productionGaps(config) : [];
  if (gaps.length > 0) {
    throw new Error(
      `Invalid configuration: a production start (an upstream configured, or NODE_ENV=production) requires ${gaps.join('; ')}`,
    );
  }
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT === config.PORT) {
    throw new Error(
      `Invalid configuration: METRICS_PORT ${String(config.METRICS_PORT)} must differ from PORT: the metrics are never served on the storefront's port`,
    );
  }
  if (config.REDIS_URL && !config.COOKIE_SECRET) {
    throw new Error(
      'Invalid configuration: COOKIE_SECRET is required with REDIS_URL: every instance must share one COOKIE_SECRET, or the order cookie one instance signs is refused by the others',
    );
  }
  const wordpressSite =
    config.WORDPRESS_PUBLIC_URL ?? config.WORDPRESS_URL ?? SAMPLE_WORDPRESS_PUBLIC_URL;
  return { ...config, WORDPRESS_PUBLIC_URL: new URL(wordpressSite).origin, upstreams };
}

/**
 * The environment's settings as the gateway's options name them (buildGateway): the one place a
 * variable meets its option. A variable left unset has the schema's default (GATEWAY_DEFAULTS), or
 * one derived here from another setting.
 */
export function settingsOf(config: GatewayEnv) {
  const deployDir = config.DEPLOY_DIR ?? path.join(config.APPS_ROOT, 'deploy');
  return {
    appsRoot: config.APPS_ROOT,
    deployDir,
    remotesConfigFile: config.REMOTES_CONFIG ?? path.join(deployDir, 'remotes.json'),
    // Only the sample or a developer's start goes without it: readConfig refuses a production one.
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${String(config.PORT)}`,
    wordpressPublicUrl: config.WORDPRESS_PUBLIC_URL,
    trustedProxies: config.TRUSTED_PROXIES,
    allowedOrigins: config.ALLOWED_ORIGINS,
    cookieSecret: config.COOKIE_SECRET,
    releaseLinkSecret: config.RELEASE_LINK_SECRET,
    redis: config.REDIS_URL,
    frameAncestors: config.FRAME_ANCESTORS,
    publicSourceMaps: config.PUBLIC_SOURCE_MAPS,
    gtmId: config.GTM_ID,
    logLevel: config.LOG_LEVEL,
    serverRenderBudgetMs: config.SERVER_RENDER_BUDGET_MS,
    headReadBudgetMs: config.HEAD_READ_BUDGET_MS,
  };
}

/** The gateway's settings, as the environment gives them (settingsOf). */
export type GatewaySettings = ReturnType<typeof settingsOf>;
