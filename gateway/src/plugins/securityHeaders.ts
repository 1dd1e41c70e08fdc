import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pathOf } from './canonicalPaths';
import { isPrivateAnswer, isUpstreamPage } from '../proxy/routeTable';
import { varyOn } from '../varyOn';

interface SecurityOptions {
  /** Origins of remotes served from elsewhere (a CDN): allowed to run scripts and be fetched. */
  remoteOrigins: () => string[];
  /** Who may frame the storefront besides itself (the company's app webview). */
  frameAncestors: string[];
}

const CORS_METHODS = 'GET, POST';
const CORS_HEADERS = 'Authorization, Content-Type, Idempotency-Key';

/**
 * CORS for the listed origins only. Whatever an upstream says about CORS (WordPress reflects any
 * origin, with credentials) is dropped: a foreign page never reads an answer here unless listed.
 */
function registerCors(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (
      request.method !== 'OPTIONS' ||
      !origin ||
      !request.headers['access-control-request-method']
    ) {
      done();
      return;
    }
    // A preflight is answered here, never upstream.
    void reply.code(204);
    if (allowedOrigins.includes(origin)) {
      void reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': CORS_METHODS,
        'access-control-allow-headers': CORS_HEADERS,
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    }
    void reply.send();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const name of Object.keys(reply.getHeaders())) {
      if (name.toLowerCase().startsWith('access-control-')) reply.removeHeader(name);
    }
    const origin = request.headers.origin;
    if (origin && allowedOrigins.includes(origin)) {
      void reply.header('access-control-allow-origin', origin);
      varyOn(reply, 'Origin');
    }
    done(null, payload);
  });
}

/**
 * What every page is held to, an upstream's included: no plugins, no base redirecting its
 * relative links, forms posted to this origin only, framed only by the storefront and the listed
 * app (so it cannot be clicked through from inside another site).
 */
function everyPage(frameAncestors: string[]): string[] {
  return [
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ];
}

/** What a page of ours adds to the policy: what it carries inline, the tag manager it loads. */
export interface PagePolicy {
  /** The style sheets it carries inline ('sha256-…'). */
  styleHashes?: string[];
  /** The scripts it carries inline ('sha256-…'). */
  scriptHashes?: string[];
  /** Google Tag Manager's origin, when the page loads it (GTM_ID), and the origins it reports to. */
  tagManager?: string | undefined;
}

/** Where Google's tags send what they measure (Google's CSP guide for Tag Manager and GA4). */
const ANALYTICS_ORIGINS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

/**
 * The Content-Security-Policy: scripts only from here and the remotes' origins, never inline
 * but for the page's own scripts by hash; styles likewise; Google Tag Manager and where its tags
 * report only for a page that loads it.
 */
export function contentSecurityPolicy(
  remoteOrigins: string[],
  frameAncestors: string[],
  { styleHashes = [], scriptHashes = [], tagManager }: PagePolicy = {},
): string {
  const remotes = remoteOrigins.join(' ');
  const withRemotes = (base: string) => (remotes ? `${base} ${remotes}` : base);
  const tags = tagManager ? [tagManager] : [];
  const reports = tagManager ? [tagManager, ...ANALYTICS_ORIGINS] : [];
  return [
    "default-src 'self'",
    `script-src ${withRemotes(["'self'", ...scriptHashes, ...tags].join(' '))}`,
    `style-src ${withRemotes(["'self'", ...styleHashes].join(' '))}`,
    `connect-src ${withRemotes(["'self'", ...reports].join(' '))}`,
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    ...everyPage(frameAncestors),
  ].join('; ');
}

/**
 * The policy of a page an upstream renders (WooCommerce's payment page, the portal), whose own
 * scripts and styles the storefront's policy would block: what every page is held to, no more.
 */
function upstreamPagePolicy(frameAncestors: string[]): string {
  return everyPage(frameAncestors).join('; ');
}

/** Security headers on every answer; HSTS only when the request came over TLS. */
function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // A page that carries inline style sheets sets its own policy, with their hashes. Pages the
    // upstream renders itself (WooCommerce's payment page, the portal) have a policy that leaves
    // their scripts alone; answers about one person (sign-in, cart, orders, rewards, password
    // reset, the payment page) are kept by no browser or proxy: the route table says which.
    const path = pathOf(request.url);
    if (!reply.hasHeader('Content-Security-Policy')) {
      void reply.header(
        'Content-Security-Policy',
        isUpstreamPage(request.method, path)
          ? upstreamPagePolicy(options.frameAncestors)
          : contentSecurityPolicy(options.remoteOrigins(), options.frameAncestors),
      );
    }
    // For browsers that do not read frame-ancestors; the others read only the policy's list.
    void reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (isPrivateAnswer(request.method, path)) void reply.header('Cache-Control', 'no-store');
    void reply.header('X-Content-Type-Options', 'nosniff');
    void reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    void reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (request.protocol === 'https') {
      void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    done(null, payload);
  });
}

/** The origins of the absolute URLs among the remotes' manifests. */
export function originsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!/^https?:\/\//.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A malformed URL is the configuration's problem; it grants nothing.
    }
  }
  return [...origins];
}

/**
 * The security headers on every answer, the gateway's own and the upstreams' (404s and refusals
 * included), and CORS for the configured origins only.
 */
export const securityHeaders = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    const { remotes, frameAncestors, allowedOrigins } = app.config;
    registerSecurityHeaders(app, {
      remoteOrigins: () => originsOf(Object.values(remotes.get())),
      frameAncestors,
    });
    registerCors(app, allowedOrigins);
    loaded();
  },
  { name: 'security-headers', dependencies: ['configuration'] },
);
