import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while rendering on a server or hydrating, true on the client: what "not rendered until
 * mounted on the client" needs, without a second render pass. It is also whether the page can
 * act: every button a server render draws is served `disabled={!useMounted()}` (or as part of a
 * rule that includes it), so no served control looks ready while a tap on it would be lost; the
 * browser's own render has its handlers and draws it enabled.
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
