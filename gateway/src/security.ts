import type { FastifyInstance } from 'fastify';

/** Pages the upstream renders itself (WooCommerce's payment page, the portal): their own policy. */
const UPSTREAM_PAGES = ['/checkout/', '/portal/'];

export interface SecurityOptions {
  /** Origins of remotes served from elsewhere (a CDN): allowed to run scripts and be fetched. */
  remoteOrigins: () => string[];
  /** Who may frame the storefront besides itself (the company's app webview). */
  frameAncestors: string[];
}

/**
 * The Content-Security-Policy: scripts only from here and the remotes' origins, never inline;
 * styles likewise, and the style sheets a page carries inline (`styleHashes`, 'sha256-…').
 */
export function contentSecurityPolicy(
  remoteOrigins: string[],
  frameAncestors: string[],
  styleHashes: string[] = [],
): string {
  const remotes = remoteOrigins.join(' ');
  const withRemotes = (base: string) => (remotes ? `${base} ${remotes}` : base);
  return [
    "default-src 'self'",
    `script-src ${withRemotes("'self'")}`,
    `style-src ${withRemotes(["'self'", ...styleHashes].join(' '))}`,
    `connect-src ${withRemotes("'self'")}`,
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

/** Security headers on every answer; HSTS only when the request came over TLS. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    // A page that carries inline style sheets sets its own policy, with their hashes.
    const own = reply.hasHeader('Content-Security-Policy');
    if (!own && !UPSTREAM_PAGES.some((prefix) => request.url.startsWith(prefix))) {
      void reply.header(
        'Content-Security-Policy',
        contentSecurityPolicy(options.remoteOrigins(), options.frameAncestors),
      );
    }
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
