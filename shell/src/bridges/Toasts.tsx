import { Suspense, lazy, useEffect, useState } from 'react';
import { eventBus } from 'shared-store';

const Toaster = lazy(() => import('./toaster'));

/** The toast container, mounted (and its code loaded) with the first notification. */
export function Toasts() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (active) return;
    const subscription = eventBus.on('notify').subscribe(() => {
      setActive(true);
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [active]);
  return active ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
