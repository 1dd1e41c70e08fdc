import { eventBus } from '../bus/eventBus';

/** What the teams push to analytics through the bus from now on, in order. */
export interface AnalyticsRecording {
  pushed: Record<string, unknown>[];
  /** The events pushed so far named `event`. */
  named: (event: string) => Record<string, unknown>[];
  stop: () => void;
}

/** Records what is pushed to analytics until `stop`. */
export function recordAnalytics(): AnalyticsRecording {
  const pushed: Record<string, unknown>[] = [];
  const subscription = eventBus.on('analytics:push').subscribe(({ payload }) => {
    pushed.push(payload);
  });
  return {
    pushed,
    named: (event) => pushed.filter((payload) => payload.event === event),
    stop: () => {
      subscription.unsubscribe();
    },
  };
}
