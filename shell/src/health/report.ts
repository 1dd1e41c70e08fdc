import { eventBus } from 'shared-store';
import { onCLS, onINP, onLCP } from 'web-vitals';
import { listenToSignals, type HealthSignal } from './signals';

/**
 * The page's release-health report: which version of each remote it ran, its Web Vitals (Google's
 * web-vitals), the remotes that raised an uncaught error or failed to load, and whether a course
 * went into the cart. Sent with navigator.sendBeacon when the page is hidden (left, closed, put in
 * the background), to the gateway (gateway/src/releaseHealth/), with nothing that tells one visitor
 * from another: no id, no cookie read, no page address. A page hidden again later sends only what
 * is new (its errors), never a second page view.
 */

/** Where the gateway takes beacons. */
export const BEACON_URL = '/api/release-health';

/** The beacon's fields, as the gateway's schema takes them (releaseHealth/beacon.ts). */
export interface Beacon {
  remotes: Record<string, string>;
  view: boolean;
  lcp?: number;
  inp?: number;
  cls?: number;
  errors?: string[];
  loadFailures?: string[];
  addToCart?: boolean;
}

/**
 * A remote's version from its manifest's URL: a release's folder (/releases/<remote>/<version>/),
 * `build` for the gateway's own build of it (/remotes/<remote>/), undefined for anything else.
 */
export function versionOf(manifest: string): string | undefined {
  const { pathname } = new URL(manifest, 'https://page.invalid/');
  if (/^\/remotes\/[a-z]+\/mf-manifest\.json$/.test(pathname)) return 'build';
  return /^\/releases\/[a-z]+\/(\w[\w.-]{0,63})\/mf-manifest\.json$/.exec(pathname)?.[1];
}

/** The folder a manifest's files are served from, as an absolute URL. */
const folderOf = (manifest: string, base: string) => new URL('./', new URL(manifest, base)).href;

/**
 * The remote an uncaught error belongs to: the one whose files its text (the script's address,
 * its stack) names first; undefined when it names none (the shell's own, a browser extension's).
 */
export function remoteOf(
  where: string,
  manifests: ReadonlyMap<string, string>,
  base: string,
): string | undefined {
  let first: { remote: string; at: number } | undefined;
  for (const [remote, manifest] of manifests) {
    const at = where.indexOf(folderOf(manifest, base));
    if (at !== -1 && (first === undefined || at < first.at)) first = { remote, at };
  }
  return first?.remote;
}

/** What a page has seen so far, as its report builds it. */
export interface PageHealth {
  /** Each remote the page loaded, or failed to, with the manifest it came from. */
  manifests: Map<string, string>;
  /** Remotes that threw while rendering. */
  errors: Set<string>;
  loadFailures: Set<string>;
  /**
   * Uncaught errors' texts, attributed when a beacon is sent: the remote that raised one may have
   * thrown before its load was done.
   */
  uncaught: string[];
  vitals: { lcp?: number; inp?: number; cls?: number };
  addToCart: boolean;
}

export function newPageHealth(): PageHealth {
  return {
    manifests: new Map(),
    errors: new Set(),
    loadFailures: new Set(),
    uncaught: [],
    vitals: {},
    addToCart: false,
  };
}

/** The uncaught errors a page keeps for attribution: a page that keeps failing says so by then. */
const MAX_UNCAUGHT = 20;

/** Takes a signal in. */
export function takeSignal(health: PageHealth, signal: HealthSignal): void {
  switch (signal.kind) {
    case 'loaded':
      health.manifests.set(signal.remote, signal.manifest);
      break;
    case 'load-failed':
      health.manifests.set(signal.remote, signal.manifest);
      health.loadFailures.add(signal.remote);
      break;
    case 'render-failed':
      health.errors.add(signal.remote);
      break;
    case 'uncaught':
      if (health.uncaught.length < MAX_UNCAUGHT) health.uncaught.push(signal.where);
      break;
  }
}

/**
 * The beacon to send now, given what was sent before (`sent`, updated): the first is the page
 * view with its vitals; a later one only names remotes that failed since. Undefined: nothing new.
 */
export function nextBeacon(
  health: PageHealth,
  sent: { view: boolean; errors: Set<string>; loadFailures: Set<string> },
  base: string,
): Beacon | undefined {
  for (const where of health.uncaught.splice(0)) {
    const remote = remoteOf(where, health.manifests, base);
    if (remote !== undefined) health.errors.add(remote);
  }
  const remotes: Record<string, string> = {};
  for (const [remote, manifest] of health.manifests) {
    const version = versionOf(manifest);
    if (version !== undefined) remotes[remote] = version;
  }
  const fresh = (all: Set<string>, before: Set<string>) =>
    [...all].filter((remote) => remote in remotes && !before.has(remote));
  const errors = fresh(health.errors, sent.errors);
  const loadFailures = fresh(health.loadFailures, sent.loadFailures);
  const view = !sent.view;
  if (Object.keys(remotes).length === 0 || (!view && errors.length + loadFailures.length === 0)) {
    return undefined;
  }
  sent.view = true;
  errors.forEach((remote) => sent.errors.add(remote));
  loadFailures.forEach((remote) => sent.loadFailures.add(remote));
  return {
    remotes,
    view,
    ...(view ? { ...health.vitals, addToCart: health.addToCart } : {}),
    ...(errors.length > 0 ? { errors } : {}),
    ...(loadFailures.length > 0 ? { loadFailures } : {}),
  };
}

/** Starts the report: listens from now on, and sends each time the page is hidden. */
export function startHealthReport(
  send: (url: string, body: string) => boolean = (url, body) => navigator.sendBeacon(url, body),
): void {
  const health = newPageHealth();
  const sent = { view: false, errors: new Set<string>(), loadFailures: new Set<string>() };
  listenToSignals((signal) => {
    takeSignal(health, signal);
  });
  // Each as web-vitals reports it: the last before the page is hidden is the one sent.
  onLCP(({ value }) => (health.vitals.lcp = Math.round(value)));
  onINP(({ value }) => (health.vitals.inp = Math.round(value)));
  onCLS(({ value }) => (health.vitals.cls = Math.round(value * 1000) / 1000));
  eventBus.on('cart:item-added').subscribe(() => {
    health.addToCart = true;
  });
  // In the page's performance timeline, for tools (and tests) to see that the report listens.
  performance.mark('release-health-report');
  // After web-vitals' own listeners (theirs capture on the window), so its last figures are in.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    const beacon = nextBeacon(health, sent, document.baseURI);
    if (beacon) send(BEACON_URL, JSON.stringify(beacon));
  });
}
