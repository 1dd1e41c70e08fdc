import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { createOrdersCookie } from '../commerce/orderCookie';
import { createOwnOrderReader } from '../commerce/ownership';
import { checkPayment } from '../commerce/payment';
import { wooCommerceOf } from '../commerce/wooCommerce';
import { bearerToken } from '../identity/tokens';
import { warnings } from '../plugins/logging';
import { proxyMounts, tableFolders } from './routeTable';
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

/** The JSON error for a failed upstream call: 504 on a timeout, 502 otherwise. */
function upstreamError(error: Error & { statusCode?: number }) {
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

/**
 * The upstreams behind the gateway, as its route table says (routeTable.ts): WordPress's routes
 * a page calls and no other, the cart service and the portal, each request checked by the
 * upstream policy (who may make it, whether a kept answer serves it) before it goes on, framed by
 * the gateway itself, with only the headers an upstream needs; an upstream's answer comes back
 * with only the headers a browser may see, and WordPress's with its HTML sanitized. Its own
 * scope: its routes and hooks.
 */
export async function proxy(app: FastifyInstance): Promise<void> {
  const { config, identity, accountForms, readCache, backendHtml } = app;
  const { publicUrl, upstreamTimeoutMs: timeoutMs } = config;
  const log = warnings(app.log);
  const wc = wooCommerceOf(config, log, app.metrics.upstreamFailed);
  const payments = { wc, settlement: app.settlement, log };
  const policy = createUpstreamPolicy({
    cache: readCache,
    wordpress: createWordPressReads({
      cache: readCache,
      wordpressUrl: config.upstreams.wordpress,
      publicUrl,
      timeoutMs,
      html: backendHtml,
      log,
      upstreamFailed: app.metrics.upstreamFailed,
    }),
    publicUrl,
    identity,
    readOwnOrder: createOwnOrderReader(
      wc,
      identity,
      createOrdersCookie(log, { secure: config.secureCookies }),
    ),
    checkPayment: (orderId, key, step) => checkPayment(payments, orderId, key, step),
    html: backendHtml,
    log,
  });

  // A browser that goes away must not leave other requests waiting for its upstream answer.
  app.addHook('onRequestAbort', (request, done) => {
    policy.release(request);
    done();
  });

  // Says it is the gateway, and which folders its route table answers: the dev servers send the
  // API only to a server that says so (tooling/devProxy.js), never straight to a backend.
  app.get('/healthz', (_request, reply) =>
    reply.header(GATEWAY_HEADER, tableFolders().join(' ')).send({ status: 'ok' }),
  );

  for (const mount of proxyMounts()) {
    const upstream = config.upstreams[mount.upstream];
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
        // Where PHP answers, what the gateway read of the query (phpParams.ts), written out again.
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
          // A file is read by anyone alike: never with the caller's token.
          const token = mount.files ? undefined : bearerToken(request.headers.authorization);
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
          // WordPress's HTML is sanitized before anything sees the answer; then the account
          // forms' answers are identity's (accounts.ts), the others the policy's.
          void policy
            .sanitized(mount, request, reply, answer)
            .then(async (clean) => {
              if (!clean || (await accountForms.onResponse(request, reply, clean))) return;
              await policy.onResponse(mount, request, reply, clean);
            })
            .catch((error: unknown) => {
              policy.release(request);
              reply.send(error);
            });
        },
        onError: (reply, { error }) => {
          policy.release(reply.request);
          const { status, body } = upstreamError(error);
          app.metrics.upstreamFailed(mount.upstream, status === 504 ? 'timeout' : 'error');
          void reply.code(status).type('application/json; charset=utf-8').send(body);
        },
      },
    });
  }
}
