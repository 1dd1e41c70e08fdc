import { useEffect, useState, type ComponentType } from 'react';
import { eventBus } from 'shared-store';
import { loadToaster } from './bridges';

/**
 * The toast container, mounted (and its code loaded) with the first notification. Its code comes
 * with that notification, not with the page: if the network is down at that moment, the page goes
 * on without it and the next notification loads it.
 */
export function Toasts() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (Toaster) return;
    let live = true;
    const subscription = eventBus.on('notify').subscribe(() => {
      loadToaster().then(
        (module) => {
          if (live) setToaster(() => module.default);
        },
        () => undefined,
      );
    });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, [Toaster]);
  return Toaster ? <Toaster /> : null;
}
