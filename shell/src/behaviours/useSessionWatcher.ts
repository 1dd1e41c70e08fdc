import { useEffect } from 'react';
import { useSession } from 'shared-store';

/** How often an open page checks whether the session has expired. */
const SESSION_CHECK_INTERVAL_MS = 60_000;

/** Session expiry is checked on load, when the tab becomes visible again, and every minute. */
export function useSessionWatcher(): void {
  const session = useSession();
  useEffect(() => {
    void session.checkExpiry();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void session.checkExpiry();
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => void session.checkExpiry(), SESSION_CHECK_INTERVAL_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [session]);
}
