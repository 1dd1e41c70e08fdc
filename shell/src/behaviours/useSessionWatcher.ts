import { useEffect } from 'react';
import { SESSION_CHECK_INTERVAL_MS, useSession } from 'shared-store';

/** Session expiry is checked on load, when the tab becomes visible again, and every minute. */
export function useSessionWatcher(): void {
  const session = useSession();
  useEffect(() => {
    session.checkExpiry();
    const onVisible = () => {
      if (document.visibilityState === 'visible') session.checkExpiry();
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => session.checkExpiry(), SESSION_CHECK_INTERVAL_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [session]);
}
