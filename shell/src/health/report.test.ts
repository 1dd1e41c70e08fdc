import { eventBus } from 'shared-store';
import {
  BEACON_URL,
  newPageHealth,
  nextBeacon,
  remoteOf,
  startHealthReport,
  takeSignal,
  versionOf,
  type PageHealth,
} from './report';
import { signal } from './signals';

// jsdom measures nothing: each vital is reported once, as the library would in a browser.
jest.mock('web-vitals', () => ({
  onLCP: (report: (metric: { value: number }) => void) => report({ value: 1834.6 }),
  onINP: (report: (metric: { value: number }) => void) => report({ value: 72 }),
  onCLS: (report: (metric: { value: number }) => void) => report({ value: 0.01234 }),
}));

const BASE = 'https://shop.example.test/';
const HEADER_CANARY = '/releases/header/3.1.0-5e6f7a8b9c/mf-manifest.json';
const FOOTER_BUILD = '/remotes/footer/mf-manifest.json';

function pageWithHeaderCanary(): PageHealth {
  const health = newPageHealth();
  takeSignal(health, { kind: 'loaded', remote: 'header', manifest: HEADER_CANARY });
  takeSignal(health, { kind: 'loaded', remote: 'footer', manifest: FOOTER_BUILD });
  return health;
}

const unsent = () => ({ view: false, errors: new Set<string>(), loadFailures: new Set<string>() });

test('a remote’s version is its release’s folder, or "build" for the gateway’s own build', () => {
  expect(versionOf(HEADER_CANARY)).toBe('3.1.0-5e6f7a8b9c');
  expect(versionOf(`${BASE}releases/header/3.1.0-5e6f7a8b9c/mf-manifest.json`)).toBe(
    '3.1.0-5e6f7a8b9c',
  );
  expect(versionOf(FOOTER_BUILD)).toBe('build');
  expect(versionOf('https://cdn.example.test/header/remoteEntry.js')).toBeUndefined();
});

test('an uncaught error is the remote’s whose files its stack names first, at the version the page loaded', () => {
  const manifests = new Map([
    ['header', HEADER_CANARY],
    ['footer', FOOTER_BUILD],
  ]);
  const stack = [
    'TypeError: Cannot read properties of undefined',
    `    at Banner (${BASE}releases/header/3.1.0-5e6f7a8b9c/342.js:1:200)`,
    `    at render (${BASE}remotes/footer/12.js:1:10)`,
  ].join('\n');
  expect(remoteOf(stack, manifests, BASE)).toBe('header');
  expect(remoteOf(`${BASE}main.3f2a.js\n`, manifests, BASE)).toBeUndefined();
  // Another version of the header (an old tab's) is not this page's.
  expect(
    remoteOf(`${BASE}releases/header/3.0.0-0000000000/342.js`, manifests, BASE),
  ).toBeUndefined();
});

test('an error raised before its remote’s load was done is still that remote’s', () => {
  const health = newPageHealth();
  takeSignal(health, {
    kind: 'uncaught',
    where: `${BASE}releases/header/3.1.0-5e6f7a8b9c/remoteEntry.js\n`,
  });
  takeSignal(health, { kind: 'loaded', remote: 'header', manifest: HEADER_CANARY });
  expect(nextBeacon(health, unsent(), BASE)?.errors).toEqual(['header']);
});

test('the first beacon is the page view: each remote’s version, its vitals, its remotes that failed; no identifier', () => {
  const health = pageWithHeaderCanary();
  health.vitals = { lcp: 1800, inp: 96, cls: 0.02 };
  takeSignal(health, {
    kind: 'uncaught',
    where: `${BASE}releases/header/3.1.0-5e6f7a8b9c/342.js\n`,
  });
  takeSignal(health, {
    kind: 'load-failed',
    remote: 'cart',
    manifest: '/remotes/cart/mf-manifest.json',
  });
  expect(nextBeacon(health, unsent(), BASE)).toEqual({
    remotes: { header: '3.1.0-5e6f7a8b9c', footer: 'build', cart: 'build' },
    view: true,
    lcp: 1800,
    inp: 96,
    cls: 0.02,
    addToCart: false,
    errors: ['header'],
    loadFailures: ['cart'],
  });
});

test('a page hidden again sends only the remotes that failed since, never a second page view', () => {
  const health = pageWithHeaderCanary();
  const sent = unsent();
  expect(nextBeacon(health, sent, BASE)?.view).toBe(true);
  expect(nextBeacon(health, sent, BASE)).toBeUndefined();
  takeSignal(health, { kind: 'render-failed', remote: 'footer' });
  expect(nextBeacon(health, sent, BASE)).toEqual({
    remotes: { header: '3.1.0-5e6f7a8b9c', footer: 'build' },
    view: false,
    errors: ['footer'],
  });
  expect(nextBeacon(health, sent, BASE)).toBeUndefined();
});

test('a page that loaded no remote sends nothing', () => {
  expect(nextBeacon(newPageHealth(), unsent(), BASE)).toBeUndefined();
});

test('the report hears what happened before it started, and sends with sendBeacon when the page is hidden', () => {
  // jsdom has no performance timeline: the report's mark is seen here.
  const mark = jest.fn();
  Object.defineProperty(performance, 'mark', { value: mark, configurable: true });
  signal({ kind: 'loaded', remote: 'header', manifest: HEADER_CANARY });
  const sent: [string, string][] = [];
  startHealthReport((url, body) => {
    sent.push([url, body]);
    return true;
  });
  expect(mark).toHaveBeenCalledWith('release-health-report');
  signal({ kind: 'render-failed', remote: 'header' });
  eventBus.emit({ type: 'cart:item-added', id: 7, month: '' });
  const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  visibility.mockRestore();
  expect(sent).toEqual([
    [
      BEACON_URL,
      JSON.stringify({
        remotes: { header: '3.1.0-5e6f7a8b9c' },
        view: true,
        lcp: 1835,
        inp: 72,
        cls: 0.012,
        addToCart: true,
        errors: ['header'],
      }),
    ],
  ]);
});
