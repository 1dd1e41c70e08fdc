import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemotesConfigSource } from './remotesConfig';
import { registerStaticSite } from './staticSite';
import { UPSTREAM_ROUTES, upstreamQuery } from './upstreams';

/** Upstream requests give up after this long and answer 504. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

export interface GatewayOptions {
  appsRoot: string;
  upstreams: { wordpress: string; lms: string; portal?: string | undefined };
  /** Handed to the page: where My Dashboard points. */
  portalUrl: string;
  wooCommerce: { key: string; secret: string };
  remotesConfigFile?: string | undefined;
  logLevel?: string;
  upstreamTimeoutMs?: number;
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

/** The production server: the storefront's files and its one same-origin API. */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: 1024 * 1024,
  });

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });

  app.get('/healthz', () => ({ status: 'ok' }));

  for (const route of UPSTREAM_ROUTES) {
    const upstream = options.upstreams[route.upstream];
    if (!upstream) continue;
    await app.register(fastifyHttpProxy, {
      upstream,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      http: { requestOptions: { timeout: options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS } },
      replyOptions: {
        queryString: (_search, reqUrl) => upstreamQuery(reqUrl, options.wooCommerce),
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-host': request.headers.host ?? '',
          'x-forwarded-proto': request.protocol,
        }),
        onError: (reply, { error }) => {
          const { status, body } = upstreamError(error);
          void reply.code(status).type('application/json; charset=utf-8').send(body);
        },
      },
    });
  }

  const remotes = createRemotesConfigSource(options.remotesConfigFile, (message) => {
    app.log.error(message);
  });
  await registerStaticSite(app, {
    appsRoot: options.appsRoot,
    remotes,
    publicConfig: { portalUrl: options.portalUrl },
  });
  return app;
}
