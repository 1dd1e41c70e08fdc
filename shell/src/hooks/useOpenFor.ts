import { useEffect, useState } from 'react';

/** Whether the page has been open `ms` (from its opening, the page's own clock); then it stays. */
export function useOpenFor(ms: number): boolean {
  const [reached, setReached] = useState(() => performance.now() >= ms);

  useEffect(() => {
    if (reached) return undefined;
    const timer = window.setTimeout(
      () => {
        setReached(true);
      },
      Math.max(0, ms - performance.now()),
    );
    return () => {
      window.clearTimeout(timer);
    };
  }, [reached, ms]);

  return reached;
}
