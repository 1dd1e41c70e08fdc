import { useEffect, useState } from 'react';
import { STORAGE_KEYS, commerceApi, safeStorage, type RewardBalance } from 'shared-store';

export type RewardBalanceState =
  { status: 'loading' } | { status: 'ready'; balance: RewardBalance } | { status: 'failed' };

/**
 * The logged-in learner's reward balance, read once with their token. No token, or a balance
 * that cannot be read, is `failed`: nothing can be redeemed then.
 */
export function useRewardBalance(): RewardBalanceState {
  const [token] = useState(() => safeStorage.getItem(STORAGE_KEYS.token));
  const [state, setState] = useState<RewardBalanceState>({ status: 'loading' });
  useEffect(() => {
    if (!token) return;
    let live = true;
    commerceApi.rewards(token).then(
      (balance) => {
        if (live) setState({ status: 'ready', balance });
      },
      (error: unknown) => {
        console.warn('Could not read the reward balance:', error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);
  return token ? state : { status: 'failed' };
}
