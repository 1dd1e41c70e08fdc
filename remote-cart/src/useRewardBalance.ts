import { useState } from 'react';
import { STORAGE_KEYS, safeStorage, useRead } from 'shared-store';
import { cartReads } from './model/shop';
import { type RewardBalance } from './data/orders';

export type RewardBalanceState =
  { status: 'loading' } | { status: 'ready'; balance: RewardBalance } | { status: 'failed' };

/**
 * The logged-in learner's reward balance, read once with their token. No token, or a balance
 * that cannot be read, is `failed`: nothing can be redeemed then.
 */
export function useRewardBalance(): RewardBalanceState {
  const [token] = useState(() => safeStorage.getItem(STORAGE_KEYS.token));
  const answer = useRead(cartReads.rewards, token || null);
  if (answer.status === 'loading') return answer;
  return answer.status === 'ready' && answer.data
    ? { status: 'ready', balance: answer.data }
    : { status: 'failed' };
}
