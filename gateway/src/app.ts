import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTokenOwnerLookup } from './policies';
import { RATE_LIMIT_RULES, rateLimitRuleFor } from './rateLimits';
import { createRemotesConfigSource } from './remotesConfig';
import { createResponseCache } from './responseCache';
import { contentSecurityPolicy, originsOf, registerSecurityHeaders } from './security';
import { SERVER_RENDER_BUDGET_MS } from './serverRender';
import { registerStaticSite } from './staticSite';
import { createUpstreamPolicy, type UpstreamAnswer } from './upstreamPolicy';
import { UPSTREAM_ROUTES, upstreamQuery } from './upstreams';

/** Upstream requests give up after this long and answer 504. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

export interface GatewayOptions {
  appsRoot: string;
  /** Released remotes: remotes/<name>/<version>/ and the live remotes.json. */
  deployDir: string;
  upstreams: { wordpress: string; lms: string; portal?: string | undefined };
  wooCommerce: { key: string; secret: string };
  /** Handed to the page: where My Dashboard points. */
  portalUrl: string;
  remotesConfigFile?: string | undefined;
  logLevel?: string;
  upstreamTimeoutMs?: number;
  /** Signs the cookie that remembers this browser's orders; share it between instances. */
  cookieSecret?: string | undefined;
  /** Origins allowed to frame the storefront (the company's app). */
  frameAncestors?: string[];
  /** How long the home page waits for its banner to render the hero on the server; 0: never. */
  serverRenderBudgetMs?: number;
  /** Where the structured logs go (standard output by default). */
  logStream?: NodeJS.WritableStream;
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
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });

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
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `Too many attempts. Please wait ${context.after} and try again.`,
      data: { status: 429 },
    }),
  });
  const limiters = new Map(
    RATE_LIMIT_RULES.map((rule) => [
      rule.name,
      app.rateLimit({ max: rule.perMinute, timeWindow: 60_000, groupId: rule.name }),
    ]),
  );
  app.addHook('onRequest', async (request, reply) => {
    const rule = rateLimitRuleFor(request.method, request.url);
    const limiter = rule ? limiters.get(rule.name) : undefined;
    if (limiter) await limiter.call(app, request, reply);
  });

  const remotes = createRemotesConfigSource(options.remotesConfigFile, (message) => {
    app.log.error(message);
  });
  registerSecurityHeaders(app, {
    remoteOrigins: () => originsOf(Object.values(remotes.get())),
    frameAncestors: options.frameAncestors ?? [],
  });

  app.get('/healthz', () => ({ status: 'ok' }));

  const policy = createUpstreamPolicy({
    cache: createResponseCache(),
    wordpressUrl: options.upstreams.wordpress,
    credentials: options.wooCommerce,
    timeoutMs,
    ownerOf: createTokenOwnerLookup(options.upstreams.wordpress, { timeoutMs }),
    log: (message, error) => {
      app.log.warn({ err: error }, message);
    },
  });

  // A browser that goes away must not leave other requests waiting for its upstream answer.
  app.addHook('onRequestAbort', (request, done) => {
    policy.release(request);
    done();
  });

  for (const route of UPSTREAM_ROUTES) {
    const upstream = options.upstreams[route.upstream];
    if (!upstream) continue;
    await app.register(fastifyHttpProxy, {
      upstream,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      // Bodies are parsed here (size limit, valid JSON, the cart owner check) before they go on.
      proxyPayloads: false,
      http: { requestOptions: { timeout: timeoutMs } },
      preHandler: (request, reply, done) => {
        // Continue to the upstream only when the policy has not answered itself.
        policy.preHandler(route, request, reply).then((answered) => {
          if (answered === undefined) done();
        }, done);
      },
      replyOptions: {
        queryString: (_search, reqUrl) => upstreamQuery(reqUrl, options.wooCommerce),
        rewriteRequestHeaders: (request, headers) => {
          // The gateway compresses for the browser; its own cookies stay with it.
          const forwarded = { ...headers };
          delete forwarded.cookie;
          delete forwarded['accept-encoding'];
          return {
            ...forwarded,
            'x-forwarded-host': request.headers.host ?? '',
            'x-forwarded-proto': request.protocol,
          };
        },
        onResponse: (request, reply, res) => {
          // reply-from's types describe this as a server response; it is the upstream's answer.
          const answer = res as unknown as UpstreamAnswer;
          void policy.onResponse(route, request, reply, answer).catch((error: unknown) => {
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
    appsRoot: options.appsRoot,
    releasesDir: path.join(options.deployDir, 'remotes'),
    remotes,
    publicConfig: { portalUrl: options.portalUrl },
    wordpressUrl: options.upstreams.wordpress,
    serverRenderBudgetMs: options.serverRenderBudgetMs ?? SERVER_RENDER_BUDGET_MS,
    pagePolicy: (styleHashes) =>
      contentSecurityPolicy(
        originsOf(Object.values(remotes.get())),
        options.frameAncestors ?? [],
        styleHashes,
      ),
  });
  return app;
}
