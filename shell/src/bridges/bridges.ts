import { toast } from 'react-toastify/unstyled';
import { eventBus, type EventBus } from 'shared-store';

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

/** Notifications on the bus become toasts. */
export function bridgeNotifications(bus: EventBus = eventBus, show = toast) {
  return bus.on('notify').subscribe(({ level, message }) => {
    show[level](message);
  });
}
