import { randomBytes } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { commerce } from './commerce';
import { settlement } from './commerce/settlement';
import { identity } from './identity';
import { page } from './page';
import { backendHtml } from './plugins/backendHtml';
import { canonicalPaths } from './plugins/canonicalPaths';
import { configuration, withDefaults, type GatewayOptions } from './plugins/configuration';
import { errorReplies } from './plugins/errorReplies';
import { framing, SERVER_TIMEOUTS, serverOptions } from './plugins/framing';
import { loggerOptions } from './plugins/logging';
import { metrics } from './plugins/metrics';
import { rateLimiting } from './plugins/rateLimiting';
import { readCache } from './plugins/readCache';
import { requestBodies } from './plugins/requestBodies';
import { releaseHealth } from './releaseHealth';
import { securityHeaders } from './plugins/securityHeaders';
import { sharedState } from './plugins/sharedState';
import { proxy } from './proxy';

export type { GatewayOptions } from './plugins/configuration';

/** The gateway's own limit on a request body; the route table sets smaller ones (requestBodies). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The production server: the storefront's files and its one same-origin API. What is server-wide
 * is registered first, on the root, so that its hooks run for every request (404s included) in
 * this order: framing, the canonical path, the cookies, the client's rate limit, the ended
 * session, CORS; then the account forms' checks; and on every answer the security headers. The
 * one sanitizer of WordPress's HTML is there too, for every part that passes WordPress's answers
 * on (the proxy, the page's head and its server render). Each concern then has a scope of its own, with its
 * routes and hooks.
 */
export async function buildGateway(given: GatewayOptions): Promise<FastifyInstance> {
  const options = withDefaults(given);
  const { trustedProxies } = options;
  const app = Fastify({
    logger: loggerOptions(options),
    bodyLimit: MAX_BODY_BYTES,
    // Only a listed proxy's X-Forwarded-For names the client: anyone else could forge one.
    trustProxy: trustedProxies.length > 0 ? trustedProxies : false,
    // A slow client holds its own connection for a bounded time, never the server's.
    ...serverOptions({ ...SERVER_TIMEOUTS, ...options.serverTimeouts }),
  });

  await app.register(configuration, { options });
  await app.register(metrics);
  await app.register(backendHtml);
  await app.register(framing);
  await app.register(canonicalPaths);
  await app.register(requestBodies);
  await app.register(errorReplies);
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie, {
    secret: options.cookieSecret ?? randomBytes(32).toString('hex'),
  });
  await app.register(sharedState);
  await app.register(readCache);
  await app.register(rateLimiting);
  await app.register(identity);
  await app.register(securityHeaders);

  await app.register(settlement);
  await app.register(commerce);
  await app.register(proxy);
  await app.register(releaseHealth);
  await app.register(page);
  return app;
}
