/** The levels pino logs at, as LOG_LEVEL takes them. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Every default of the gateway's options, declared once. The environment's schema
 * (environment.ts) takes a variable's default from here, and a gateway built without a setting (as
 * tests build it, buildGateway) takes the same: no plugin keeps a fallback of its own. What
 * depends on another setting (where the releases live, the storefront's address on this machine)
 * is derived in environment.ts's settingsOf.
 */
export const GATEWAY_DEFAULTS = {
  logLevel: 'info' as LogLevel,
  /** No proxy's X-Forwarded-For is believed: rate limits count the connection's own address. */
  trustedProxies: [] as string[],
  /** No other origin's pages may call the API. */
  allowedOrigins: [] as string[],
  /** Only the storefront itself frames its pages. */
  frameAncestors: [] as string[],
  /** The builds' source maps are not found. */
  publicSourceMaps: false,
  /** How long a page waits for its rendered reads and its server render before it is served without it. */
  serverRenderBudgetMs: 300,
  /** How long a page waits for WordPress to say what it is about (its head). */
  headReadBudgetMs: 300,
  /** Upstream requests give up after this long and answer 504 (no variable sets it). */
  upstreamTimeoutMs: 10_000,
};
