import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { routeOf, type Upstream } from '../proxy/routeTable';
import type { ResponseCache } from '../proxy/responseCache';
import { pathOf } from './canonicalPaths';

/**
 * The operators' metrics (Prometheus's text format), served on a port of their own
 * (`METRICS_PORT`), never on the storefront's. Every label value comes from a set the gateway
 * fixes (the route table's rule names, the page contract's routes, the routes it registers, the
 * status codes, its upstreams), never from what a request sends: a flood of made-up paths adds no
 * series.
 */

/** The services the gateway calls: the route table's upstreams, and WooCommerce (commerce/). */
type UpstreamName = Upstream | 'woocommerce';

/** How an upstream call failed: no answer in its time limit, or none at all (refused, cut). */
export type UpstreamFailure = 'timeout' | 'error';

/** Counts an upstream call that failed. */
export type UpstreamFailed = (upstream: UpstreamName, failure: UpstreamFailure) => void;

/** Why a page went without its server-rendered first screen. */
type RenderFallback =
  /** No renderer ready for its build (loading, stopped and paused, or none at all). */
  | 'unavailable'
  /** The render failed, or did not come within the page's budget. */
  | 'failed';

/** The methods a request is counted by; any other one is `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request nothing answered but the gateway's 404. */
const UNMATCHED = 'unmatched';

/** Seconds: a hashed file from memory in a millisecond, a page with its render in 0.3 s. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a failed `fetch` was: its time limit (AbortSignal.timeout) ran out, or anything else. */
export function failureOf(error: unknown): UpstreamFailure {
  return error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error';
}

/**
 * The gateway's metrics on a registry of its own (each gateway's, so that two in one process,
 * as in tests, never mix their counts).
 */
function createGatewayMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'gateway_http_requests_total',
    help: 'Requests answered, by route (a route table rule, a page route or a gateway route), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const upstreamFailures = new Counter({
    name: 'gateway_upstream_errors_total',
    help: 'Upstream calls that failed, by upstream and failure (timeout: no answer in time; error: no answer).',
    labelNames: ['upstream', 'failure'] as const,
    registers,
  });
  const readCache = new Counter({
    name: 'gateway_read_cache_lookups_total',
    help: 'Lookups in the read cache, by read (route table rule, or shop) and result (hit, stale: served while refreshed, miss).',
    labelNames: ['read', 'result'] as const,
    registers,
  });
  const renderFallbacks = new Counter({
    name: 'gateway_server_render_fallbacks_total',
    help: 'Pages served without their server-rendered first screen, by page route and reason.',
    labelNames: ['route', 'reason'] as const,
    registers,
  });
  const rateLimited = new Counter({
    name: 'gateway_rate_limit_refusals_total',
    help: 'Requests refused for their client’s rate limit (429), by limit.',
    labelNames: ['limit'] as const,
    registers,
  });
  /** The page route each page request was answered as (page/index.ts). */
  const pageRoutes = new WeakMap<FastifyRequest, string>();

  /**
   * The route a request is counted under: the page route it was served as, else its route table
   * rule, else the route the gateway registered for it (a pattern), else `unmatched`.
   */
  function routeLabel(request: FastifyRequest): string {
    return (
      pageRoutes.get(request) ??
      routeOf(request.method, pathOf(request.url))?.rule?.name ??
      request.routeOptions.url ??
      UNMATCHED
    );
  }

  return {
    /** The registry the metrics port serves; release health registers its families here too. */
    registry,
    /** The servers serving the registry (serveMetrics), closed with the gateway. */
    servers: new Set<http.Server>(),
    /** Counts a request once answered (the plugin's onResponse hook). */
    answered(request: FastifyRequest, status: number, elapsedMs: number): void {
      const route = routeLabel(request);
      const method = METHODS.has(request.method) ? request.method : 'OTHER';
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route }, elapsedMs / 1000);
    },
    /** The request is a page, answered as the page contract's route `route` (its pattern). */
    servedPage(request: FastifyRequest, route: string): void {
      pageRoutes.set(request, route);
    },
    /** Counts an upstream call that failed (an arrow: it is handed to the callers as it is). */
    upstreamFailed: ((upstream, failure) => {
      upstreamFailures.inc({ upstream, failure });
    }) satisfies UpstreamFailed,
    /** A page of `route` served without its server render. */
    renderFellBack(route: string, reason: RenderFallback): void {
      renderFallbacks.inc({ route, reason });
    },
    /** A request refused by the rate limit named `limit`. */
    rateLimitRefused(limit: string): void {
      rateLimited.inc({ limit });
    },
    /** The read cache, each of its lookups counted. */
    countedCache(cache: ResponseCache): ResponseCache {
      return {
        ...cache,
        async lookup(key) {
          const found = await cache.lookup(key);
          const read = key.startsWith('/')
            ? (routeOf('GET', pathOf(key))?.rule?.name ?? UNMATCHED)
            : 'shop';
          const result = found === undefined ? 'miss' : found.stale ? 'stale' : 'hit';
          readCache.inc({ read, result });
          return found;
        },
      };
    },
    /**
     * Release health's counts (per remote, version and bucket): a counter family
     * `gateway_release_health_<name>_total` on this registry, with those labels and `more` of the
     * caller's. Its label values are the caller's to bound: the remotes the page contract names,
     * the versions released, the buckets 0 to 99.
     */
    releaseHealthCounter<L extends string = never>(name: string, help: string, more: L[] = []) {
      return new Counter<'remote' | 'version' | 'bucket' | L>({
        name: `gateway_release_health_${name}_total`,
        help,
        labelNames: ['remote', 'version', 'bucket', ...more],
        registers,
      });
    },
  };
}

type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The operators' metrics (plugins/metrics.ts). */
    metrics: GatewayMetrics;
  }
}

/**
 * Counts every request once answered, 404s and refusals included (its hook is the root's), by
 * the route it was answered as.
 */
export const metrics = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    const gatewayMetrics = createGatewayMetrics();
    app.decorate('metrics', gatewayMetrics);
    app.addHook('onResponse', (request, reply, done) => {
      gatewayMetrics.answered(request, reply.statusCode, reply.elapsedTime);
      done();
    });
    // Registered now: no hook can be added once the gateway listens, which is when they start.
    app.addHook('onClose', async () => {
      await Promise.all(
        [...gatewayMetrics.servers].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => {
                resolve();
              });
              server.closeAllConnections();
            }),
        ),
      );
    });
    loaded();
  },
  { name: 'metrics' },
);

/**
 * Serves the metrics at `GET /metrics` on `port` of `host`, a server of their own (nothing of the
 * storefront answers there, and the storefront's port has no /metrics), with the process's own
 * (memory, CPU, event loop). Closed with the gateway. Resolves with the port it listens on.
 */
export async function serveMetrics(
  app: FastifyInstance,
  { host, port }: { host: string; port: number },
): Promise<number> {
  const { registry, servers } = app.metrics;
  collectDefaultMetrics({ register: registry, prefix: 'gateway_' });
  const server = http.createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'The metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  servers.add(server);
  return (server.address() as AddressInfo).port;
}
