import { eventBus, type BusEventOf, type EventBus } from 'shared-store';
import { pageConsent, type ConsentChoice } from '../consent/consentChoice';
import type * as ToasterExports from './toaster';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The most events kept while the visitor has not answered the cookie question. */
const MAX_HELD_EVENTS = 200;

/**
 * Analytics events on the bus go to the tag manager's data layer: every team's, through here
 * alone, and only with the visitor's consent to analytics. Before the cookie question is answered
 * they are held (nothing but Consent Mode's defaults is in the data layer); an answer that allows
 * analytics lets them through in their order, one that does not drops them. The data layer merges
 * each push into what it holds, so an e-commerce event is preceded by `{ ecommerce: null }`: the
 * items of the one before never carry over into it.
 */
export function bridgeAnalytics(
  bus: EventBus = eventBus,
  target: Window = window,
  consent: ConsentChoice = pageConsent(),
) {
  const held: Record<string, unknown>[] = [];
  const push = (payload: Record<string, unknown>) => {
    target.dataLayer ??= [];
    if ('ecommerce' in payload) target.dataLayer.push({ ecommerce: null });
    target.dataLayer.push(payload);
  };
  const bridge = bus.on('analytics:push').subscribe(({ payload }) => {
    const choice = consent.choice();
    if (choice === undefined) {
      if (held.length < MAX_HELD_EVENTS) held.push(payload);
    } else if (choice.analytics) {
      push(payload);
    }
  });
  bridge.add(
    consent.subscribe(() => {
      const choice = consent.choice();
      if (choice === undefined) return;
      const answered = held.splice(0);
      if (choice.analytics) answered.forEach(push);
    }),
  );
  return bridge;
}

type Level = BusEventOf<'notify'>['level'];
type ShowToast = (level: Level, message: string) => void;

type ToasterModule = typeof ToasterExports;
let toaster: Promise<ToasterModule> | undefined;

/**
 * The toaster (react-toastify, ./toaster), loaded on first use and then kept. A load that fails
 * (the network down at that moment) is forgotten, so the next notification tries again.
 */
export function loadToaster(): Promise<ToasterModule> {
  toaster ??= import('./toaster').catch((error: unknown) => {
    toaster = undefined;
    throw error;
  });
  return toaster;
}

/** A toast; one whose code cannot be loaded is told to the console, never thrown at the page. */
const showToast: ShowToast = (level, message) => {
  loadToaster().then(
    (module) => {
      module.showToast(level, message);
    },
    () => {
      console.warn(`A notification could not be shown (its code did not load): ${message}`);
    },
  );
};

/** Notifications on the bus become toasts. */
export function bridgeNotifications(bus: EventBus = eventBus, show: ShowToast = showToast) {
  return bus.on('notify').subscribe(({ level, message }) => {
    show(level, message);
  });
}
