import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMemoryClaims, createRedisClaims, type Claims } from './claims';
import { placingDeadlineMs } from './orders';
import { createMemoryPlaceHolds, createRedisPlaceHolds, type PlaceHolds } from './placeHolds';
import { createRewardHolds, type RewardHolds } from './rewardHolds';

/**
 * Reward holds and place holds this instance keeps in memory, at most: a day of orders at the
 * route table's limit is far fewer, and keys made up by clients cannot fill the memory.
 */
export const MAX_KEPT_IN_MEMORY = 10_000;

/**
 * What settles an order's points and places, shared by the commerce API (placing, cancelling)
 * and the payment page (paying): each learner's redemption one at a time, and the places pending
 * orders hold. With several instances both live in Redis only, so one instance's memory never
 * lets another spend the same points or places; while Redis is down they are refused.
 */
export interface Settlement {
  /** One redemption (placing, or paying an order whose points came back) per learner at a time. */
  rewardClaims: Claims;
  rewardHolds: RewardHolds;
  placeHolds: PlaceHolds;
  /** The longest placing an order (or a payment's check) can take. */
  placingMs: number;
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Points and places held by pending orders (commerce/settlement.ts). */
    settlement: Settlement;
  }
}

/** The settlement of the gateway's configuration: Redis when it shares one, memory otherwise. */
function createSettlement(
  app: Pick<FastifyInstance, 'shared' | 'config'>,
  now: () => number = Date.now,
): Settlement {
  const { shared } = app;
  const placingMs = placingDeadlineMs(app.config.upstreamTimeoutMs);
  const rewardClaims = shared
    ? createRedisClaims(shared, 'reward')
    : createMemoryClaims(MAX_KEPT_IN_MEMORY, now);
  return {
    rewardClaims,
    rewardHolds: createRewardHolds(rewardClaims, placingMs),
    placeHolds: shared ? createRedisPlaceHolds(shared, now) : createMemoryPlaceHolds(now),
    placingMs,
    now,
  };
}

export const settlement = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    app.decorate('settlement', createSettlement(app));
    loaded();
  },
  { name: 'settlement', dependencies: ['configuration', 'shared-state'] },
);
