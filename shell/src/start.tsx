import { PAGE_CONTRACT, captureCampaignIds, mountApp } from 'shared-store';
import { App } from './App';
import { bridgeAnalytics, bridgeNotifications } from './bridges/bridges';
import { watchConsentQuestion } from './consent/lazyQuestion';
import { loadTagManagerWithConsent } from './consent/tagManager';
import { whenIdle } from './hooks/whenIdle';
import { loadCartModel, withCartModel } from './remotes/cartModel';
import { dropServerRenders } from './remotes/ServerRendered';
import { servedFor } from './remotes/servedAddress';
import './shell.css';

captureCampaignIds(window.location.search);
bridgeAnalytics();
loadTagManagerWithConsent();
watchConsentQuestion();
bridgeNotifications();

// The cart's model is asked for at once, while the shell's own code starts (the page hints its
// code alongside the shell's).
const cartModel = loadCartModel(PAGE_CONTRACT.models.cart);

// The app starts in a task of its own, after the one that ran its code's modules: two short
// tasks for the browser rather than one long one while the page is already on screen.
setTimeout(() => {
  const root = document.getElementById('root');
  if (!servedFor(window.location)) dropServerRenders();
  if (root) void mountApp(root, () => <App />, withCartModel(cartModel));
}, 0);

/** Runs `start` once the page has loaded (at once if it has). */
function onceLoaded(start: () => void): void {
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

// The pages a visitor is likely to open next are read ahead, by code that comes once this page
// has loaded; where it cannot come, pages open as they always did.
onceLoaded(() => {
  import(/* webpackChunkName: "prefetch" */ './prefetch/prefetch').then(
    (module) => {
      module.startPrefetching();
    },
    () => undefined,
  );
});

// The release-health report (its Web Vitals library included) comes once the page has loaded and
// the browser is idle: nothing of it is in the way of the first paint. What happened before it
// came is kept for it (health/signals.ts).
onceLoaded(() => {
  whenIdle(() => {
    import(/* webpackChunkName: "health" */ './health/report').then(
      (module) => {
        module.startHealthReport();
      },
      () => undefined,
    );
  });
});
