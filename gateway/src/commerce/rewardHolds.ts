import { randomUUID } from 'node:crypto';
import type { Claims } from './claims';
import { ShopError } from './errors';

export const REWARD_IN_USE_MESSAGE =
  'Your reward points are being used by another order. Please try again in a moment.';

export const REWARD_UNAVAILABLE_MESSAGE =
  'Reward points cannot be used right now. Please try again in a few minutes, or place your order without them.';

/** Runs an order that redeems a learner's points while no other order of theirs does. */
export type RewardHolds = <T>(userId: string, redeem: () => Promise<T>) => Promise<T>;

/**
 * One redemption at a time per learner: the balance is read, the order made and the points taken
 * while the learner's hold is on, so two orders can never both spend the same points. A second
 * order meanwhile is refused (409 `reward_in_use`); when the holds cannot be asked (the shared
 * Redis is down) a redemption is refused (503) rather than risk two. A hold lasts at most `holdMs`
 * (the longest an order can take), so one left by an instance that stopped frees itself.
 */
export function createRewardHolds(claims: Claims, holdMs: number): RewardHolds {
  return async (userId, redeem) => {
    const holder = randomUUID();
    const taken = await claims.take(userId, holder, holdMs);
    if (taken === undefined) {
      throw new ShopError(503, 'reward_unavailable', REWARD_UNAVAILABLE_MESSAGE);
    }
    if (!taken.held) throw new ShopError(409, 'reward_in_use', REWARD_IN_USE_MESSAGE);
    try {
      return await redeem();
    } finally {
      await claims.release(userId, holder);
    }
  };
}
