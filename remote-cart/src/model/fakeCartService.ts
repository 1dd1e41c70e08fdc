import { ApiError, type KeyValueStorage } from 'shared-store';
import type { CartServiceApi } from './cartService';
import type { CartSyncDeps } from './cartSync';

type Call = 'load' | 'save' | 'remove';

/**
 * The cart service of one learner, in memory: what it holds (`account.data`), the calls it
 * received, and failures to inject (`failNext.save = 2`: the next two saves fail as a network
 * error would).
 */
export function fakeCartService(data: string | null = null) {
  const account = { data };
  const failNext: Record<Call, number> = { load: 0, save: 0, remove: 0 };
  const calls: Call[] = [];
  function answer<T>(call: Call, result: () => T): Promise<T> {
    calls.push(call);
    if (failNext[call] > 0) {
      failNext[call] -= 1;
      return Promise.reject(new ApiError('The server could not be reached.', 0, 'network_error'));
    }
    return Promise.resolve(result());
  }
  const service: CartServiceApi = {
    load: (userId) => answer('load', () => ({ userId: Number(userId), data: account.data })),
    save: (_userId, text) =>
      answer('save', () => {
        account.data = text;
        return {};
      }),
    remove: () =>
      answer('remove', () => {
        account.data = null;
        return {};
      }),
  };
  return { service, account, failNext, calls };
}

/** Background retries held until a test runs them; short retries at once. */
export function manualTimers() {
  const pending: { run: () => void; ms: number }[] = [];
  const deps: Pick<CartSyncDeps, 'later' | 'pause'> = {
    later: (run, ms) => {
      const entry = { run, ms };
      pending.push(entry);
      return () => {
        const at = pending.indexOf(entry);
        if (at >= 0) pending.splice(at, 1);
      };
    },
    pause: () => Promise.resolve(),
  };
  return {
    deps,
    pending,
    /** Runs every retry due now (not those they schedule). */
    runDue: () => {
      for (const entry of pending.splice(0)) entry.run();
    },
  };
}

/** Cart-sync dependencies over a fake service and the given storage, online unless told. */
export function fakeSyncDeps(
  storage: KeyValueStorage,
  service: CartServiceApi,
  timers: ReturnType<typeof manualTimers>,
  online = { value: true },
): CartSyncDeps {
  return { cartService: service, storage, isOnline: () => online.value, ...timers.deps };
}
