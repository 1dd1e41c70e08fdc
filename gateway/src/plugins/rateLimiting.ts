import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayReply, GatewayRequest } from '../requestTypes';
import { rateLimitOf, rateLimits, type RateLimit } from '../proxy/routeTable';
import { pathOf } from './canonicalPaths';
import { KEY_PREFIX, type SharedState } from './sharedState';

/** Counts a request against a limit; throws the 429 once its client has made too many. */
export type Limiter = (request: GatewayRequest, reply: GatewayReply) => Promise<void>;

/** The error a limiter throws at a client over its limit (the gateway's error handler sends it). */
class RateLimited extends Error {
  readonly statusCode = 429;
}

/** The counters of one plugin registration: in Redis (every instance's) or in memory. */
type Store = { redis: SharedState['redis']; nameSpace: string } | undefined;

/**
 * Registers the plugin once, in a scope of its own, with a limiter per entry of `limits`. The
 * plugin runs one limiter per request and registration, and a scope sees its parent's decorators,
 * so limiters that may run in the same request (a route's, the token check, the fallback of
 * either) each need a registration that no other one is an ancestor of.
 */
async function registerOnce(
  app: FastifyInstance,
  limits: readonly RateLimit[],
  store: Store,
): Promise<Map<string, Limiter>> {
  const limiters = new Map<string, Limiter>();
  await app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      ...store,
      errorResponseBuilder: (_request, context) =>
        new RateLimited(`Too many attempts. Please wait ${context.after} and try again.`),
    });
    for (const { name, perMinute } of limits) {
      const limiter = scope.rateLimit({
        max: perMinute,
        timeWindow: 60_000,
        // Each limit counts apart: in Redis all of a registration's limiters share one key space.
        keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}`,
      });
      limiters.set(name, async (request, reply) => {
        try {
          // The proxy types its requests for any server flavour; this server is plain HTTP.
          await limiter.call(scope, request as FastifyRequest, reply as FastifyReply);
        } catch (error) {
          if (error instanceof RateLimited) app.metrics.rateLimitRefused(name);
          throw error;
        }
      });
    }
  });
  return limiters;
}

/**
 * A limiter per entry of `limits`, by name. With shared state the count is every instance's (in
 * Redis, under `rate:`), so a client cannot multiply its allowance by the number of instances;
 * when Redis is unusable or fails, the request is counted by this instance alone instead; never
 * let through uncounted, never refused because of Redis.
 */
export async function registerLimiters(
  app: FastifyInstance,
  limits: readonly RateLimit[],
  shared: SharedState | undefined,
): Promise<Map<string, Limiter>> {
  const own = await registerOnce(app, limits, undefined);
  if (!shared) return own;
  const everyones = await registerOnce(app, limits, {
    redis: shared.redis,
    nameSpace: `${KEY_PREFIX}rate:`,
  });
  return new Map(
    [...own].map(([name, inMemory]) => {
      const inRedis = everyones.get(name);
      const limiter: Limiter = async (request, reply) => {
        if (inRedis && shared.usable()) {
          try {
            await inRedis(request, reply);
            return;
          } catch (error) {
            if (error instanceof RateLimited) throw error;
            shared.failed(error);
          }
        }
        await inMemory(request, reply);
      };
      return [name, limiter];
    }),
  );
}

/**
 * Guessing passwords, flooding forms and probing coupons are slowed down per client, as the route
 * table says (paths are canonical by now).
 */
export const rateLimiting = fp(
  async (app: FastifyInstance) => {
    const limiters = await registerLimiters(app, rateLimits(), app.shared);
    app.addHook('onRequest', async (request, reply) => {
      const limit = rateLimitOf(request.method, pathOf(request.url));
      const limiter = limit ? limiters.get(limit.name) : undefined;
      if (limiter) await limiter(request, reply);
    });
  },
  { name: 'rate-limiting', dependencies: ['metrics', 'shared-state'] },
);
