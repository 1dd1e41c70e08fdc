import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../api/auth';
import { useAppStore } from '../store/hooks';
import { isMobileApp } from './mobileApp';
import { createSession, type Session } from './session';
import { safeStorage } from './storage';

/** The page's session (login, logout, expiry) wired to the store, storage and router. */
export function useSession(): Session {
  const store = useAppStore();
  const navigate = useNavigate();
  return useMemo(
    () =>
      createSession({
        store,
        storage: safeStorage,
        auth: authApi,
        navigate: (path, options) => {
          if (options?.full) window.location.assign(path);
          else void navigate(path);
        },
        now: Date.now,
        isMobileApp: () => isMobileApp(window),
        win: window,
      }),
    [store, navigate],
  );
}
