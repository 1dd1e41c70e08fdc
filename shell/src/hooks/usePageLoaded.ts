import { useEffect, useState } from 'react';
import { whenIdle } from './whenIdle';

/**
 * Whether the page's first screen is done: the window's load event has fired and the browser
 * has had an idle moment since, or `latestMs` have passed since the page opened, whichever comes
 * first. What waits for it does not compete with the first screen for the network or the CPU.
 */
export function usePageLoaded(latestMs: number): boolean {
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (loaded) return undefined;
    const done = () => {
      setLoaded(true);
    };
    const latest = window.setTimeout(done, Math.max(0, latestMs - performance.now()));
    let cancelIdle: () => void = () => undefined;
    const onLoad = () => {
      cancelIdle = whenIdle(done);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.clearTimeout(latest);
      window.removeEventListener('load', onLoad);
      cancelIdle();
    };
  }, [loaded, latestMs]);

  return loaded;
}
