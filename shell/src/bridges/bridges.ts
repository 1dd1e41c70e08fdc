import { eventBus, type BusEventOf, type EventBus } from 'shared-store';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Analytics events on the bus go to the tag manager's data layer. */
export function bridgeAnalytics(bus: EventBus = eventBus, target: Window = window) {
  return bus.on('analytics:push').subscribe(({ payload }) => {
    target.dataLayer ??= [];
    target.dataLayer.push(payload);
  });
}

type Level = BusEventOf<'notify'>['level'];
type ShowToast = (level: Level, message: string) => void;

/** A toast, from react-toastify loaded on first use (./toaster). */
const showToast: ShowToast = (level, message) => {
  void import('./toaster').then(({ toast }) => toast[level](message));
};

/** Notifications on the bus become toasts. */
export function bridgeNotifications(bus: EventBus = eventBus, show: ShowToast = showToast) {
  return bus.on('notify').subscribe(({ level, message }) => {
    show(level, message);
  });
}
