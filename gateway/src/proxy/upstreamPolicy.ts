import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { pathOf } from '../plugins/canonicalPaths';
import { phpName } from './phpParams';
import { orderPayFormRefusal } from './checkoutForm';
import { ShopError } from '../commerce/errors';
import { orderNotFound, type OwnOrderReader } from '../commerce/ownership';
import {
  paymentRefusalPage,
  paymentStep,
  type PaymentCheck,
  type PaymentStep,
} from '../commerce/payment';
import type { Identity } from '../identity/identity';
import type { BackendHtml } from '../plugins/backendHtml';
import type { GatewayReply, GatewayRequest } from '../requestTypes';
import type { CachedResponse, ResponseCache } from './responseCache';
import {
  lookedUpOrderId,
  namedUserId,
  routeOf,
  type Access,
  type ProxyMount,
  type Refusal,
  type RouteRule,
} from './routeTable';
import { KEPT_HEADERS, readUrlOf, type WordPressReads } from './wordpressReads';

type FastifyRequest = GatewayRequest;
type FastifyReply = GatewayReply;

export interface PolicyDeps {
  cache: ResponseCache;
  /** Refreshes a stale answer, sharing the cache with the gateway's own reads. */
  wordpress: WordPressReads;
  /** The storefront's public address (the payment form is posted from its origin). */
  publicUrl: URL;
  identity: Identity;
  readOwnOrder: OwnOrderReader;
  /** Checks an order's points and places again before its payment page answers (commerce/payment.ts). */
  checkPayment: (orderId: number, key: string, step: PaymentStep) => Promise<PaymentCheck>;
  /** Sanitizes the HTML in WordPress's answers (plugins/backendHtml.ts). */
  html: BackendHtml;
  log: (message: string, error?: unknown) => void;
}

/** The upstream's answer as the proxy hands it over. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

/** A request let through as the one upstream request for its key, which it must finish. */
interface Pending {
  ttlMs: number;
  finish: (answer: CachedResponse | undefined, keepForMs: number) => Promise<void>;
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

function sendRefusal(reply: FastifyReply, refusal: Refusal): FastifyReply {
  return jsonError(reply, refusal.status, refusal.code, refusal.message);
}

function sendShopError(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof ShopError)) throw error;
  return reply.code(error.status).type('application/json; charset=utf-8').send(error.body());
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

/** Whether an answer carries a body: never to a HEAD, nor a 1xx, 204 or 304. */
function hasBody(method: string, status: number): boolean {
  return method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304;
}

/**
 * Whether an upstream's answer to a file's path is that file (or a part of it, or "not changed"):
 * WordPress answers a missing upload with its own page (index.php's HTML 404, or a redirect to a
 * post it guesses), which the storefront never passes on.
 */
function isFileAnswer({ statusCode, headers }: UpstreamAnswer): boolean {
  if (statusCode === 304 || statusCode === 416) return true;
  const type = headers['content-type'] ?? '';
  return (statusCode === 200 || statusCode === 206) && !/^\s*text\/html\b/i.test(type);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/**
 * What the gateway does around each proxied call, as the route table (routeTable.ts) says: the
 * routes it refuses (WooCommerce, the storefront's own pages), order lookups for their owner only,
 * a learner's cart, courses and exam date for that learner only, no post under /checkout but the
 * pay-for-order form, and the read cache with stale-while-revalidate and one upstream request per
 * miss.
 */
export function createUpstreamPolicy(deps: PolicyDeps) {
  const pending = new WeakMap<FastifyRequest, Pending>();
  /** What a payment page's check holds until WooCommerce has answered the request. */
  const settling = new WeakMap<FastifyRequest, PaymentCheck['settle']>();
  /** Requests that ended (the browser gone, the upstream failed) before or while being answered. */
  const released = new WeakSet<FastifyRequest>();

  /**
   * Answers the request itself (true) or lets it through to the upstream (false), as its route in
   * the route table says: who may make it, then whether a kept answer serves it.
   */
  async function preHandler(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const rule = routeOf(request.method, pathOf(request.url))?.rule;
    if (!rule) return false;
    if (await refusesCaller(rule, request, reply)) return true;
    return rule.cacheTtlMs ? fromCache(request, reply, rule.cacheTtlMs) : false;
  }

  /** Answers a request its route does not allow this caller (true); false when it may go on. */
  async function refusesCaller(
    rule: RouteRule,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> {
    const { access } = rule;
    switch (access.kind) {
      case 'refused':
        sendRefusal(reply, access.refusal);
        return true;
      case 'account-owner':
        return refusesAccountCaller(access, request, reply);
      case 'own-account':
        return (await verifiedUser(access.loggedOut, request, reply)) === null;
      case 'order-owner':
        return refusesOrderCaller(lookedUpOrderId(rule, pathOf(request.url)), request, reply);
      case 'payment-form': {
        const refusal = orderPayFormRefusal(request, deps.publicUrl.origin);
        if (refusal) {
          sendRefusal(reply, refusal);
          return true;
        }
        // The form's body is a string here: orderPayFormRefusal refuses any other.
        return refusesPayment(
          request,
          reply,
          paymentStep(new URLSearchParams(String(request.body))),
        );
      }
      case 'payment-page':
        return refusesPayment(request, reply, 'page');
      case 'public':
        return false;
    }
  }

  /**
   * An order's payment page (or its form) answered by the gateway itself when the order no longer
   * has the points or places it would be paid with (true): a page saying why, with the way back
   * to the cart. Otherwise it goes on to WooCommerce, holding what the check took until then.
   */
  async function refusesPayment(
    request: FastifyRequest,
    reply: FastifyReply,
    step: PaymentStep,
  ): Promise<boolean> {
    const orderId = Number(/^\/checkout\/order-pay\/(\d+)\//.exec(pathOf(request.url))?.[1]);
    const queryAt = request.url.indexOf('?');
    const key = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1)).get('key');
    let check: PaymentCheck;
    try {
      check = await deps.checkPayment(orderId, key ?? '', step);
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      check = {
        refusal: { status: error.status, message: error.message },
        settle: () => Promise.resolve(),
      };
    }
    if (!check.refusal) {
      settling.set(request, check.settle);
      return false;
    }
    void reply
      .code(check.refusal.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(paymentRefusalPage(check.refusal.message, check.refusal.cancelled));
    return true;
  }

  /** Lets go what a payment page's check held, once. */
  async function settle(request: FastifyRequest): Promise<void> {
    const done = settling.get(request);
    settling.delete(request);
    await done?.();
  }

  /** An order lookup answers nobody but the order's owner. */
  async function refusesOrderCaller(
    orderId: number,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> {
    try {
      if (orderId <= 0) throw orderNotFound();
      await deps.readOwnOrder(request, reply, orderId);
      return false;
    } catch (error) {
      sendShopError(reply, error);
      return true;
    }
  }

  /**
   * The user the request's token verifies as; null once the request is answered: without a token
   * (401, `loggedOut`), or with one that belongs to nobody, has ended or cannot be checked now.
   */
  async function verifiedUser(
    loggedOut: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string | null> {
    let owner: string | null;
    try {
      owner = await deps.identity.userOf(request, reply);
    } catch (error) {
      sendShopError(reply, error);
      return null;
    }
    if (owner === null) jsonError(reply, 401, 'unauthorized', loggedOut);
    return owner;
  }

  /**
   * A learner's own things (the saved cart, courses, exam date) only with that learner's token:
   * the id the request names must be the token's user's, and no query parameter may name another.
   */
  async function refusesAccountCaller(
    access: Extract<Access, { kind: 'account-owner' }>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> {
    const param = 'param' in access.userIdIn ? access.userIdIn.param : access.userIdIn.body;
    const queryAt = request.url.indexOf('?');
    const names = (queryAt < 0 ? '' : request.url.slice(queryAt + 1))
      .split('&')
      .map((piece) => piece.split('=')[0] ?? '');
    if (names.some((name) => phpName(name).toLowerCase() === param.toLowerCase())) {
      jsonError(reply, 400, 'invalid_request', `The "${param}" parameter is not accepted here.`);
      return true;
    }
    const owner = await verifiedUser(access.refusals.loggedOut, request, reply);
    if (owner === null) return true;
    if (namedUserId(access, pathOf(request.url), request.body) !== owner) {
      jsonError(reply, 403, 'forbidden', access.refusals.otherAccount);
      return true;
    }
    return false;
  }

  /**
   * A logged-out GET of a kept route: answered from the cache (true), or let through (false) as
   * the one upstream request every concurrent miss waits for.
   */
  async function fromCache(
    request: FastifyRequest,
    reply: FastifyReply,
    ttlMs: number,
  ): Promise<boolean> {
    if (request.method !== 'GET' || request.headers.authorization) return false;
    // WordPress builds its links from the public URL, never the request: one copy serves all. The
    // key is the URL WordPress is asked (the route's own parameters only), whatever else was sent.
    const key = readUrlOf(request.url);
    const cached = await deps.cache.lookup(key);
    if (cached) {
      // Fetched again in the background, as the browser's request would have been; a refresh
      // already under way, on this instance or another, is joined rather than repeated.
      if (cached.stale) void deps.wordpress.fetchIntoCache(key, ttlMs);
      sendCached(reply, cached.value, cached.stale ? 'STALE' : 'HIT');
      return true;
    }
    const claim = await deps.cache.claim(key);
    if (!claim.leader) {
      const shared = await claim.answer;
      if (shared) sendCached(reply, shared, 'HIT');
      return shared !== undefined;
    }
    // The browser went away while this request became the one the others wait for.
    if (released.has(request)) {
      void claim.finish(undefined, 0);
      return true;
    }
    pending.set(request, { ttlMs, finish: claim.finish });
    return false;
  }

  /** An upstream answer the browser cannot be given: a 502, and no waiter left hanging. */
  function sendInvalid(request: FastifyRequest, reply: FastifyReply, upstream: UpstreamAnswer) {
    release(request);
    const { 'content-type': type, 'content-length': length } = upstream.headers;
    deps.log(
      `Upstream answered ${pathOf(request.url)} with ${String(type)} (${length ?? 'unknown'} bytes)`,
    );
    return jsonError(
      reply,
      502,
      'upstream_invalid_response',
      'The content service sent an unexpected answer.',
    );
  }

  /**
   * The upstream's answer as a browser may be given it, before anything else (the account forms,
   * the read cache) sees it: on a mount whose answers carry WordPress's HTML, the JSON is read
   * and its HTML sanitized (plugins/backendHtml.ts), and the browser is told the length of that
   * body. Undefined once a 502 has answered instead: an answer that is not JSON, cannot be read as
   * JSON or is over the size the gateway sanitizes. Other mounts' answers, and answers without a
   * body, go on as they came.
   */
  async function sanitized(
    mount: ProxyMount,
    request: FastifyRequest,
    reply: FastifyReply,
    upstream: UpstreamAnswer,
  ): Promise<UpstreamAnswer | undefined> {
    if (!mount.backendHtml) return upstream;
    if (!hasBody(request.method, upstream.statusCode)) {
      // A HEAD's length would be that of WordPress's body, not of the one a GET is sent.
      reply.removeHeader('content-length');
      return upstream;
    }
    // A body that does not arrive rejects: the caller releases the request, and its waiters.
    const body = await deps.html.readJson(upstream.headers['content-type'], upstream.stream);
    if (!body) {
      sendInvalid(request, reply, upstream);
      return undefined;
    }
    const length = String(body.length);
    void reply.header('content-length', length);
    return {
      statusCode: upstream.statusCode,
      headers: { ...upstream.headers, 'content-length': length },
      stream: Readable.from([body]),
    };
  }

  /** Handles the upstream's answer: files, JSON checks and caching. */
  async function onResponse(
    mount: ProxyMount,
    request: FastifyRequest,
    reply: FastifyReply,
    upstream: UpstreamAnswer,
  ) {
    if (mount.files && !isFileAnswer(upstream)) {
      upstream.stream.resume();
      release(request);
      for (const name of Object.keys(upstream.headers)) reply.removeHeader(name);
      return jsonError(reply, 404, 'not_found', 'Not found.');
    }
    await settle(request);
    const waiting = pending.get(request);
    const isApi = mount.json;
    const isJson = (upstream.headers['content-type'] ?? '').includes('json');
    if (!waiting && (!isApi || isJson)) return reply.send(upstream.stream);

    // A body that does not arrive rejects: the caller releases the request, and its waiters.
    const body = await readAll(upstream.stream);
    if (isApi && !isJson) return sendInvalid(request, reply, upstream);
    pending.delete(request);
    if (waiting) {
      const value = { status: upstream.statusCode, headers: keptHeaders(upstream.headers), body };
      void waiting.finish(value, waiting.ttlMs);
    }
    return reply.send(body);
  }

  /** A request that ended before its answer must not leave waiters hanging. */
  function release(request: FastifyRequest) {
    void settle(request);
    const waiting = pending.get(request);
    pending.delete(request);
    released.add(request);
    void waiting?.finish(undefined, 0);
  }

  return { preHandler, sanitized, onResponse, release };
}
