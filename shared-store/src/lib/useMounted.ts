import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while rendering on a server or hydrating, true on the client: what "not rendered until
 * mounted on the client" needs, without a second render pass.
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
