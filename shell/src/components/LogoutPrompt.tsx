import { Suspense, lazy, useEffect } from 'react';
import {
  FOOTER_SHOW_DELAY_MS,
  selectIsLoggedIn,
  selectLogoutStatus,
  useAppSelector,
} from 'shared-store';
import { usePageLoaded } from '../hooks/usePageLoaded';

const loadDialog = () => import(/* webpackChunkName: "logout-question" */ './LogoutDialog');
const LogoutDialog = lazy(loadDialog);

/**
 * The question a logout asks when the cart could not be saved (LogoutDialog.tsx). Only a learner
 * can be asked, and the question comes when the network may be failing: its code is fetched once
 * a learner's page has loaded, not when it is needed, and a visitor's page never fetches it.
 */
export function LogoutPrompt() {
  const status = useAppSelector(selectLogoutStatus);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const loaded = usePageLoaded(FOOTER_SHOW_DELAY_MS);
  useEffect(() => {
    if (!loggedIn || !loaded) return;
    loadDialog().catch((error: unknown) => {
      console.warn('The logout question could not load; it is asked for again when needed.', error);
    });
  }, [loggedIn, loaded]);
  return status === 'idle' ? null : (
    <Suspense fallback={null}>
      <LogoutDialog />
    </Suspense>
  );
}
