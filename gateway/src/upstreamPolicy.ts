import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type {
  FastifyReply as AnyReply,
  FastifyRequest as AnyRequest,
  RawServerBase,
  RouteGenericInterface,
} from 'fastify';
import {
  ORDERS_COOKIE,
  bearerToken,
  cartUserId,
  isAllowedWooCommerce,
  orderReadId,
  parseOrderIds,
  withOrderId,
  wooCommerceRoute,
} from './policies';
import { ttlFor, type CachedResponse, type ResponseCache } from './responseCache';
import { upstreamQuery, type UpstreamRoute } from './upstreams';

/** Requests and replies as the proxy hands them over (any server flavour). */
type FastifyRequest = AnyRequest<RouteGenericInterface, RawServerBase>;
type FastifyReply = AnyReply<RouteGenericInterface, RawServerBase>;

/** The headers of a WordPress answer worth keeping with a cached copy. */
const KEPT_HEADERS = ['content-type', 'x-wp-total', 'x-wp-totalpages'];

export interface PolicyDeps {
  cache: ResponseCache;
  wordpressUrl: string;
  credentials: { key: string; secret: string };
  timeoutMs: number;
  ownerOf: (token: string) => Promise<string | null>;
  log: (message: string, error?: unknown) => void;
}

/** The upstream's answer as the proxy hands it over. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

interface Pending {
  key: string;
  ttlMs: number;
  settle: (value: CachedResponse | undefined) => void;
}

function jsonError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ code, message, data: { status } });
}

function sendCached(
  reply: FastifyReply,
  cached: CachedResponse,
  state: 'HIT' | 'STALE',
): FastifyReply {
  return reply
    .code(cached.status)
    .headers(cached.headers)
    .header('x-cache', state)
    .send(cached.body);
}

function keptHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/**
 * What the gateway does around each proxied call: WooCommerce allow-list and order privacy, cart
 * ownership, and the read cache with stale-while-revalidate and one upstream request per miss.
 */
export function createUpstreamPolicy(deps: PolicyDeps) {
  const pending = new WeakMap<FastifyRequest, Pending>();

  /**
   * Answers may name the host they were asked on (absolute links), so the cache keeps one copy
   * per host.
   */
  function cacheKey(request: FastifyRequest): string {
    return `${request.protocol}://${request.headers.host ?? ''}${request.url}`;
  }

  /** Fetches a stale entry again in the background, as the browser's request would have. */
  function refresh(request: FastifyRequest, key: string, ttlMs: number): void {
    if (deps.cache.pending(key)) return;
    const settle = deps.cache.begin(key);
    const { url } = request;
    const path = url.split('?')[0] ?? '';
    const query = upstreamQuery(url, deps.credentials);
    fetch(`${deps.wordpressUrl}${path}${query ? `?${query}` : ''}`, {
      headers: {
        Accept: 'application/json',
        'x-forwarded-host': request.headers.host ?? '',
        'x-forwarded-proto': request.protocol,
      },
      signal: AbortSignal.timeout(deps.timeoutMs),
    })
      .then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (KEPT_HEADERS.includes(name)) headers[name] = value;
        });
        const fresh = { status: response.status, headers, body };
        if (response.ok && headers['content-type']?.includes('json'))
          deps.cache.store(key, fresh, ttlMs);
        settle(fresh);
      })
      .catch((error: unknown) => {
        deps.log(`Background refresh of ${path} failed`, error);
        settle(undefined);
      });
  }

  /** Answers the request itself (returning the reply) or lets it through (undefined). */
  async function preHandler(
    route: UpstreamRoute,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const { method, url } = request;
    if (route.upstream === 'lms') return checkCartOwner(request, reply);
    if (route.prefix !== '/wp-json') return undefined;

    const wc = wooCommerceRoute(url);
    if (wc !== undefined) {
      if (!isAllowedWooCommerce(method, wc)) {
        return jsonError(
          reply,
          404,
          'rest_no_route',
          'No route was found matching the URL and request method.',
        );
      }
      const orderId = orderReadId(method, wc);
      if (orderId !== undefined) {
        const cookie = request.unsignCookie(request.cookies[ORDERS_COOKIE] ?? '');
        const mine = cookie.valid ? parseOrderIds(cookie.value) : [];
        if (!mine.includes(orderId))
          return jsonError(reply, 404, 'order_not_found', 'Order not found.');
      }
    }

    const ttlMs = method === 'GET' && !request.headers.authorization ? ttlFor(url) : 0;
    if (ttlMs <= 0) return undefined;
    const key = cacheKey(request);
    const cached = deps.cache.lookup(key);
    if (cached) {
      if (cached.stale) refresh(request, key, ttlMs);
      return sendCached(reply, cached.value, cached.stale ? 'STALE' : 'HIT');
    }
    const running = deps.cache.pending(key);
    if (running) {
      const shared = await running;
      if (shared) return sendCached(reply, shared, 'HIT');
      return undefined;
    }
    pending.set(request, { key, ttlMs, settle: deps.cache.begin(key) });
    return undefined;
  }

  async function checkCartOwner(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const token = bearerToken(request.headers.authorization);
    if (!token)
      return jsonError(reply, 401, 'unauthorized', 'Please log in to use your saved cart.');
    let owner: string | null;
    try {
      owner = await deps.ownerOf(token);
    } catch (error) {
      deps.log('Could not check the owner of a cart token', error);
      return jsonError(
        reply,
        503,
        'auth_unavailable',
        'Your account could not be checked right now.',
      );
    }
    if (!owner)
      return jsonError(reply, 401, 'unauthorized', 'Your session has ended. Please log in again.');
    if (cartUserId(request.body) !== owner) {
      return jsonError(reply, 403, 'forbidden', 'This cart belongs to another account.');
    }
    return undefined;
  }

  /** Handles the upstream's answer: JSON checks, caching and remembering created orders. */
  async function onResponse(
    route: UpstreamRoute,
    request: FastifyRequest,
    reply: FastifyReply,
    upstream: UpstreamAnswer,
  ) {
    const waiting = pending.get(request);
    pending.delete(request);
    const isApi = route.prefix === '/wp-json' || route.upstream === 'lms';
    const isJson = (upstream.headers['content-type'] ?? '').includes('json');
    const createsOrder = request.method === 'POST' && wooCommerceRoute(request.url) === 'orders';
    if (!waiting && !createsOrder && (!isApi || isJson)) return reply.send(upstream.stream);

    const body = await readAll(upstream.stream);
    if (isApi && !isJson) {
      waiting?.settle(undefined);
      deps.log(`Upstream answered ${request.url} with ${String(upstream.headers['content-type'])}`);
      return jsonError(
        reply,
        502,
        'upstream_invalid_response',
        'The content service sent an unexpected answer.',
      );
    }
    if (waiting) {
      const value = { status: upstream.statusCode, headers: keptHeaders(upstream.headers), body };
      deps.cache.store(waiting.key, value, waiting.ttlMs);
      waiting.settle(value);
    }
    if (createsOrder && upstream.statusCode >= 200 && upstream.statusCode < 300) {
      rememberOrder(request, reply, body);
    }
    return reply.send(body);
  }

  function rememberOrder(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
    try {
      const { id } = JSON.parse(body.toString('utf8')) as { id?: unknown };
      if (typeof id !== 'number') return;
      const cookie = request.unsignCookie(request.cookies[ORDERS_COOKIE] ?? '');
      const known = cookie.valid ? parseOrderIds(cookie.value) : [];
      void reply.setCookie(ORDERS_COOKIE, withOrderId(known, id), {
        path: '/wp-json/wc/v3/orders',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        signed: true,
        maxAge: 24 * 60 * 60,
      });
    } catch (error) {
      deps.log('A created order could not be read', error);
    }
  }

  /** A request that ended before its answer must not leave waiters hanging. */
  function release(request: FastifyRequest) {
    const waiting = pending.get(request);
    pending.delete(request);
    waiting?.settle(undefined);
  }

  return { preHandler, onResponse, release };
}
