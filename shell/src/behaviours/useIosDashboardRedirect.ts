import { useEffect } from 'react';
import { STORAGE_KEYS, dashboardUrl, isIosApp, readPublicConfig, safeStorage } from 'shared-store';

/** How long the page shows before the iOS app's learner goes to the dashboard. */
const IOS_DASHBOARD_REDIRECT_MS = 500;

/** In the iOS app with a token or user_id, the learner goes to the dashboard after 0.5 s. */
export function useIosDashboardRedirect(
  go: (url: string) => void = (url) => window.location.assign(url),
) {
  useEffect(() => {
    const token = safeStorage.getItem(STORAGE_KEYS.token);
    const userId = safeStorage.getItem(STORAGE_KEYS.userId);
    if (!isIosApp() || !(token || userId)) return;
    const timer = setTimeout(() => {
      go(dashboardUrl(readPublicConfig().portalUrl, token ?? '', true));
    }, IOS_DASHBOARD_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [go]);
}
