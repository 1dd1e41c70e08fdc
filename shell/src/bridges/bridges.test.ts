import { EventBus, notify, track } from 'shared-store';
import { bridgeAnalytics, bridgeNotifications } from './bridges';

describe('bus bridges', () => {
  it('analytics events on the bus are pushed to window.dataLayer', () => {
    const bus = new EventBus();
    const subscription = bridgeAnalytics(bus, window);
    bus.emit({ type: 'analytics:push', payload: { event: 'search_form', search_term: 'plab' } });
    expect(window.dataLayer).toContainEqual({ event: 'search_form', search_term: 'plab' });
    subscription.unsubscribe();
  });

  it('notifications on the bus become toasts of the same level', () => {
    const show = jest.fn();
    const subscription = bridgeNotifications(undefined, show);
    notify('error', 'Session Expired! Please Login Again');
    expect(show).toHaveBeenCalledWith('error', 'Session Expired! Please Login Again');
    track({ event: 'ignored-by-toasts' });
    expect(show).toHaveBeenCalledTimes(1);
    subscription.unsubscribe();
  });
});
