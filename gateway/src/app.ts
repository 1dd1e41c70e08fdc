import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHttpProxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAccounts } from './accounts';
import { createAttemptCounter } from './attemptCounter';
import { nonCanonicalReason, pathOf } from './canonicalPath';
import { registerOrderPayFormBody } from './checkoutForm';
import { createOrdersCookie } from './commerce/orderCookie';
import { createOwnOrderReader } from './commerce/ownership';
import { registerShopRoutes } from './commerce/routes';
import { createWooCommerce } from './commerce/wooCommerce';
import type { RedisTarget } from './config';
import { registerFraming, SERVER_TIMEOUTS, serverOptions, type ServerTimeouts } from './framing';
import { createIdentity } from './identity';
import { registerBodyLimits, registerJsonBodies } from './jsonBody';
import { redactUrl, requestForLog } from './logging';
import { readPageContract, remoteNamesOf } from './pageContract';
import { registerLimiters } from './rateLimiting';
import { createRemotesConfigSource, defaultRemotesConfig } from './remotesConfig';
import { createResponseCache } from './responseCache';
import { proxyMounts, rateLimitOf, rateLimits, tableFolders } from './routeTable';
import {
  contentSecurityPolicy,
  originsOf,
  registerCors,
  registerSecurityHeaders,
} from './security';
import { SERVER_RENDER_BUDGET_MS } from './serverRender';
import { CACHE_NOTICES, createSharedResponseCache } from './sharedResponseCache';
import { createSharedRevocationStore } from './sharedRevocations';
import { connectSharedState } from './sharedState';
import { registerRevocationCheck } from './sessions';
import { registerStaticSite } from './staticSite';
import {
  bearerToken,
  createMemoryRevocationStore,
  createTokenOwnerLookup,
  type RevocationStore,
} from './tokens';
import { HEAD_READ_BUDGET_MS } from './pageHeads';
import { createUpstreamPolicy, type UpstreamAnswer } from './upstreamPolicy';
import {
  FORWARDED_REQUEST_HEADERS,
  PASSED_RESPONSE_HEADERS,
  publicForwarding,
  upstreamQuery,
} from './upstreams';
import { createWordPressReads } from './wordpressReads';

/** The header of /healthz that names the gateway's folders (tooling/devProxy.js reads it). */
export const GATEWAY_HEADER = 'x-storefront-gateway';

/** Upstream requests give up after this long and answer 504. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * Token checks WordPress has to answer (a token the gateway has not seen) per client and minute:
 * a learner needs one per session; junk tokens stop here.
 */
export const TOKEN_CHECKS_PER_MINUTE = 30;

export interface GatewayOptions {
  appsRoot: string;
  /** Released remotes: remotes/<name>/<version>/ and the live remotes.json. */
  deployDir: string;
  upstreams: { wordpress: string; lms: string; portal?: string | undefined };
  wooCommerce: { key: string; secret: string };
  /** The storefront's public address: absolute URLs are built from it, never from `Host`. */
  publicUrl: string;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDRs); none by default. */
  trustedProxies?: string[];
  /** Origins whose pages may call the API (CORS); none by default. */
  allowedOrigins?: string[];
  /**
   * The Redis every instance shares rate limits, logged-out tokens and cached reads through;
   * unset, each instance keeps its own in memory (right for one instance only).
   */
  redis?: RedisTarget | undefined;
  /** Where logged-out tokens are remembered; in Redis with `redis`, else in memory. */
  revocations?: RevocationStore;
  /** Handed to the page: where My Dashboard points. */
  portalUrl: string;
  /**
   * Handed to the page: the WordPress site's public origin, whose links are the storefront's own
   * (shared-store lib/links.ts). Default: the WordPress upstream's origin.
   */
  wordpressPublicUrl?: string;
  remotesConfigFile?: string | undefined;
  logLevel?: string;
  upstreamTimeoutMs?: number;
  /** Signs the cookie that remembers this browser's orders; share it between instances. */
  cookieSecret?: string | undefined;
  /** Origins allowed to frame the storefront (the company's app). */
  frameAncestors?: string[];
  /** Serves the builds' source maps (off: they are not found). */
  publicSourceMaps?: boolean;
  /** How long the home page waits for its banner to render the hero on the server; 0: never. */
  serverRenderBudgetMs?: number;
  /** How long a page waits for WordPress to say what it is about (its head); 0: never asks. */
  headReadBudgetMs?: number;
  /** Where the structured logs go (standard output by default). */
  logStream?: NodeJS.WritableStream;
  /** How long a client may take to send a request, or keep a connection idle (framing.ts). */
  serverTimeouts?: Partial<ServerTimeouts>;
}

/** The JSON error for a failed upstream call: 504 on a timeout, 502 otherwise. */
export function upstreamError(error: Error & { statusCode?: number }) {
  const status = error.statusCode === 504 ? 504 : 502;
  return {
    status,
    body: {
      code: status === 504 ? 'upstream_timeout' : 'upstream_unavailable',
      message:
        status === 504
          ? 'The content service took too long to answer.'
          : 'The content service could not be reached.',
      data: { status },
    },
  };
}

/** The codes of the errors the gateway raises itself. */
const ERROR_CODES: Partial<Record<number, string>> = {
  400: 'invalid_request',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** The production server: the storefront's files and its one same-origin API. */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const timeoutMs = options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const publicUrl = new URL(options.publicUrl);
  const trustedProxies = options.trustedProxies ?? [];
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      serializers: { req: requestForLog },
      // The proxy logs the upstream URL it fetches as `source`.
      redact: {
        paths: ['source'],
        censor: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // Only a listed proxy's X-Forwarded-For names the client: anyone else could forge one.
    trustProxy: trustedProxies.length > 0 ? trustedProxies : false,
    // A slow client holds its own connection for a bounded time, never the server's.
    ...serverOptions({ ...SERVER_TIMEOUTS, ...options.serverTimeouts }),
  });
  registerFraming(app);

  // Before anything reads the path: a request that does not say plainly what it asks for is
  // refused, so no routing, rate limit or policy decides on one spelling while WordPress reads
  // another.
  app.addHook('onRequest', (request, reply, done) => {
    const reason = nonCanonicalReason(request.url, request.headers);
    if (reason === undefined) {
      done();
      return;
    }
    void reply
      .code(400)
      .type('application/json; charset=utf-8')
      .send({ code: 'non_canonical_request', message: reason, data: { status: 400 } });
  });
  registerJsonBodies(app);
  registerBodyLimits(app);
  registerOrderPayFormBody(app);

  // Every error the gateway itself raises (bad JSON, oversized body, ...) is a WordPress-style JSON.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    void reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send({
        code: ERROR_CODES[status] ?? (status >= 500 ? 'gateway_error' : 'invalid_request'),
        message: status >= 500 ? 'Something went wrong on our side.' : error.message,
        data: { status },
      });
  });

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie, {
    secret: options.cookieSecret ?? randomBytes(32).toString('hex'),
  });
  // Rate limits, logged-out tokens and cached reads are every instance's when they share a Redis,
  // this instance's own otherwise (and while Redis is unusable).
  const shared = options.redis
    ? await connectSharedState({ target: options.redis, log: app.log, channels: [CACHE_NOTICES] })
    : undefined;
  if (shared) {
    app.addHook('onClose', (_instance, done) => {
      shared.close();
      done();
    });
  }

  // Guessing passwords, flooding forms and probing coupons are slowed down per client, as the
  // route table says. Paths are canonical by now.
  const limiters = await registerLimiters(app, rateLimits(), shared);
  app.addHook('onRequest', async (request, reply) => {
    const limit = rateLimitOf(request.method, pathOf(request.url));
    const limiter = limit ? limiters.get(limit.name) : undefined;
    if (limiter) await limiter(request, reply);
  });
  // Token checks WordPress has to answer are counted apart from the route's own limit.
  const tokenChecks = await registerLimiters(
    app,
    [{ name: 'token-check', perMinute: TOKEN_CHECKS_PER_MINUTE }],
    shared,
  );
  const limitTokenCheck = tokenChecks.get('token-check');

  // A logged-out token is refused everywhere, for the rest of its life.
  const revocations =
    options.revocations ??
    (shared ? createSharedRevocationStore(shared) : createMemoryRevocationStore());
  registerRevocationCheck(app, revocations);

  // The routes, remotes and markup of the shell this gateway serves, from the shell's own build.
  const contract = readPageContract(path.join(options.appsRoot, 'shell', 'dist'));
  const remotes = createRemotesConfigSource(
    defaultRemotesConfig(remoteNamesOf(contract)),
    options.remotesConfigFile,
    (message) => {
      app.log.error(message);
    },
  );
  registerSecurityHeaders(app, {
    remoteOrigins: () => originsOf(Object.values(remotes.get())),
    frameAncestors: options.frameAncestors ?? [],
  });
  registerCors(app, options.allowedOrigins ?? []);

  // Says it is the gateway, and which folders its route table answers: the dev servers send the
  // API only to a server that says so (tooling/devProxy.js), never straight to a backend.
  app.get('/healthz', (_request, reply) =>
    reply.header(GATEWAY_HEADER, tableFolders().join(' ')).send({ status: 'ok' }),
  );

  const log = (message: string, error?: unknown) => {
    app.log.warn({ err: error }, message);
  };
  const cache = shared
    ? createSharedResponseCache(shared, { upstreamTimeoutMs: timeoutMs })
    : createResponseCache();
  const wordpress = createWordPressReads({
    cache,
    wordpressUrl: options.upstreams.wordpress,
    publicUrl,
    timeoutMs,
    log,
  });
  const identity = createIdentity({
    lookup: createTokenOwnerLookup(options.upstreams.wordpress, { timeoutMs }),
    limitCheck: (request, reply) => limitTokenCheck?.(request, reply) ?? Promise.resolve(),
    log,
  });
  const wc = createWooCommerce({
    baseUrl: options.upstreams.wordpress,
    credentials: options.wooCommerce,
    timeoutMs,
    publicUrl,
    log,
  });
  const ordersCookie = createOrdersCookie(log);
  const readOwnOrder = createOwnOrderReader(wc, identity, ordersCookie);
  registerShopRoutes(app, {
    wc,
    identity,
    revocations,
    cache,
    ordersCookie,
    readOwnOrder,
    shared,
    upstreamTimeoutMs: timeoutMs,
    log,
  });

  const policy = createUpstreamPolicy({
    cache,
    wordpress,
    publicUrl,
    identity,
    readOwnOrder,
    log,
  });

  // A browser that goes away must not leave other requests waiting for its upstream answer.
  app.addHook('onRequestAbort', (request, done) => {
    policy.release(request);
    done();
  });

  // The account forms: before the proxy, whose routes its checks cover.
  const accounts = registerAccounts(app, {
    wc,
    revocations,
    attempts: createAttemptCounter(shared),
    log,
  });

  for (const mount of proxyMounts()) {
    const upstream = options.upstreams[mount.upstream];
    if (!upstream) continue;
    await app.register(fastifyHttpProxy, {
      upstream,
      prefix: mount.prefix,
      rewritePrefix: mount.prefix,
      ...(mount.methods ? { httpMethods: [...mount.methods] } : {}),
      // Bodies are parsed here (size limit, valid JSON, the cart owner check) before they go on.
      proxyPayloads: false,
      http: { requestOptions: { timeout: timeoutMs } },
      preHandler: (request, reply, done) => {
        // Continue to the upstream only when the policy has not answered itself.
        policy.preHandler(request, reply).then((answered) => {
          if (!answered) done();
        }, done);
      },
      replyOptions: {
        // Under /wp-json, only the parameters the route lists (routeTable.ts), as the cache keys it.
        queryString: (_search, reqUrl, request) => upstreamQuery(request.method, reqUrl),
        rewriteRequestHeaders: (request, headers) => {
          // Only what the upstream needs: never the browser's cookies, forwarding headers or
          // Host; WordPress builds its absolute URLs from the public address. Never the
          // client's framing either (Content-Length, Transfer-Encoding, Connection, Expect...):
          // Node's HTTP client writes the length of the body reply-from sends (the parsed body,
          // or none), so the upstream is never told of bytes that do not follow.
          const forwarded: Record<string, string> = {};
          for (const name of FORWARDED_REQUEST_HEADERS) {
            const value = headers[name];
            if (typeof value === 'string') forwarded[name] = value;
          }
          const token = bearerToken(request.headers.authorization);
          if (token !== undefined) forwarded.authorization = `Bearer ${token}`;
          return { ...forwarded, host: new URL(upstream).host, ...publicForwarding(publicUrl) };
        },
        rewriteHeaders: (headers) => {
          const passed: Record<string, string | string[] | undefined> = {};
          for (const name of PASSED_RESPONSE_HEADERS) {
            if (headers[name] !== undefined) passed[name] = headers[name];
          }
          return passed;
        },
        onResponse: (request, reply, res) => {
          // reply-from's types describe this as a server response; it is the upstream's answer.
          const answer = res as unknown as UpstreamAnswer;
          void accounts
            .onResponse(request, reply, answer)
            .then((answered) => answered || policy.onResponse(mount, request, reply, answer))
            .catch((error: unknown) => {
              policy.release(request);
              reply.send(error);
            });
        },
        onError: (reply, { error }) => {
          policy.release(reply.request);
          const { status, body } = upstreamError(error);
          void reply.code(status).type('application/json; charset=utf-8').send(body);
        },
      },
    });
  }

  await registerStaticSite(app, {
    contract,
    appsRoot: options.appsRoot,
    releasesDir: path.join(options.deployDir, 'remotes'),
    remotes,
    publicConfig: {
      portalUrl: options.portalUrl,
      wordpressUrl: new URL(options.wordpressPublicUrl ?? options.upstreams.wordpress).origin,
    },
    wordpressUrl: options.upstreams.wordpress,
    wordpress,
    publicUrl,
    serverRenderBudgetMs: options.serverRenderBudgetMs ?? SERVER_RENDER_BUDGET_MS,
    headReadBudgetMs: options.headReadBudgetMs ?? HEAD_READ_BUDGET_MS,
    pagePolicy: (styleHashes) =>
      contentSecurityPolicy(
        originsOf(Object.values(remotes.get())),
        options.frameAncestors ?? [],
        styleHashes,
      ),
    publicSourceMaps: options.publicSourceMaps ?? false,
  });
  return app;
}
