import { watchUncaught } from './health/signals';

/** Resolves in a task of its own, once the browser has had its turn (a tap, a paint). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

// The page is on screen before its code runs (the gateway drew it), so the code's start must not
// hold the browser for long. A module's code runs when it is first imported: React's DOM renderer,
// the platform (the store, the router, the bus, which the remotes' discovery imports), the start
// of the discovery, then the shell itself each run in a task of their own, rather than all in one
// long task. "eager" keeps them in this chunk: no request more.
// Every uncaught error from the start, for the release-health report (health/signals.ts).
watchUncaught();

void (async () => {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { startRemoteDiscovery } = await import(/* webpackMode: "eager" */ './remotes/federation');
  await nextTask();
  startRemoteDiscovery();
  await nextTask();
  await import(/* webpackMode: "eager" */ './start');
})();

// A module of its own: the entry imports it (index.ts), and the single-bundle build starts here.
export {};
