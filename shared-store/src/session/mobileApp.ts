/** The company's app opens the site in a webview that exposes this bridge. */
interface ReactNativeWebView {
  postMessage(message: string): void;
}

declare global {
  interface Window {
    ReactNativeWebView?: ReactNativeWebView;
  }
}

const APP_MODE_KEY = 'isMobileApp';

/**
 * `?isMobileApp=true` puts the visit in app mode, remembered for the visit (sessionStorage) so
 * in-app navigation keeps it.
 */
export function isMobileApp(win: Window = window): boolean {
  const fromUrl = new URLSearchParams(win.location.search).get(APP_MODE_KEY) === 'true';
  try {
    if (fromUrl) win.sessionStorage.setItem(APP_MODE_KEY, 'true');
    return fromUrl || win.sessionStorage.getItem(APP_MODE_KEY) === 'true';
  } catch {
    return fromUrl;
  }
}

/** Inside the iOS app: app mode on an Apple mobile device. */
export function isIosApp(win: Window = window): boolean {
  return isMobileApp(win) && /iPhone|iPad|iPod/i.test(win.navigator.userAgent);
}

/** Tells the app (when present) that the session ended. */
export function postLogoutToApp(win: Window = window): void {
  win.ReactNativeWebView?.postMessage(JSON.stringify({ type: 'logout' }));
}
