import { EventBus, notify, saveConsent } from 'shared-store';
import { createConsentChoice } from '../consent/consentChoice';
import { bridgeAnalytics, bridgeNotifications } from './bridges';
import { track } from 'shared-store/testing';

/** This page's visitor, with their answer to the cookie question (none: not answered yet). */
function visitor(answer?: { analytics: boolean; marketing: boolean }) {
  if (answer) saveConsent(answer);
  return createConsentChoice();
}

describe('bus bridges', () => {
  afterEach(() => {
    delete window.dataLayer;
    document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
  });

  it('analytics events on the bus are pushed to window.dataLayer', () => {
    const bus = new EventBus();
    const subscription = bridgeAnalytics(
      bus,
      window,
      visitor({ analytics: true, marketing: false }),
    );
    bus.emit({ type: 'analytics:push', payload: { event: 'search_form', search_term: 'plab' } });
    expect(window.dataLayer).toEqual([{ event: 'search_form', search_term: 'plab' }]);
    subscription.unsubscribe();
  });

  it('each e-commerce event is preceded by { ecommerce: null }, so no item of the one before carries over', () => {
    const bus = new EventBus();
    const subscription = bridgeAnalytics(
      bus,
      window,
      visitor({ analytics: true, marketing: true }),
    );
    const item = { item_id: '2103', item_name: 'PLAB 1 Online Course', price: 19.99, quantity: 1 };
    const viewed = {
      event: 'view_item',
      ecommerce: { currency: 'GBP', value: 19.99, items: [item] },
    };
    const added = {
      event: 'add_to_cart',
      ecommerce: { currency: 'GBP', value: 19.99, items: [{ ...item, item_variant: '1 Month' }] },
    };
    bus.emit({ type: 'analytics:push', payload: viewed });
    bus.emit({ type: 'analytics:push', payload: { event: 'login', method: 'email' } });
    bus.emit({ type: 'analytics:push', payload: added });
    expect(window.dataLayer).toEqual([
      { ecommerce: null },
      viewed,
      { event: 'login', method: 'email' },
      { ecommerce: null },
      added,
    ]);
    subscription.unsubscribe();
  });

  it('keeps the data layer a tag manager made before the page: pushes go into it', () => {
    const before = [{ 'gtm.start': 1 }];
    window.dataLayer = before;
    const subscription = bridgeAnalytics(
      undefined,
      window,
      visitor({ analytics: true, marketing: false }),
    );
    track({ event: 'sign_up', method: 'email' });
    expect(window.dataLayer).toBe(before);
    expect(before).toEqual([{ 'gtm.start': 1 }, { event: 'sign_up', method: 'email' }]);
    subscription.unsubscribe();
  });

  it('before the cookie question is answered nothing is pushed; an answer allowing analytics lets the held events through, in order', () => {
    const bus = new EventBus();
    const consent = visitor();
    const subscription = bridgeAnalytics(bus, window, consent);
    bus.emit({ type: 'analytics:push', payload: { event: 'search_form', search_term: 'plab' } });
    bus.emit({ type: 'analytics:push', payload: { event: 'login', method: 'email' } });
    expect(window.dataLayer).toBeUndefined();

    consent.choose({ analytics: true, marketing: false });
    bus.emit({ type: 'analytics:push', payload: { event: 'sign_up', method: 'email' } });
    expect(window.dataLayer).toEqual([
      { event: 'search_form', search_term: 'plab' },
      { event: 'login', method: 'email' },
      { event: 'sign_up', method: 'email' },
    ]);
    subscription.unsubscribe();
  });

  it('an answer refusing analytics drops the held events and every later one', () => {
    const bus = new EventBus();
    const consent = visitor();
    const subscription = bridgeAnalytics(bus, window, consent);
    bus.emit({ type: 'analytics:push', payload: { event: 'search_form', search_term: 'plab' } });
    consent.choose({ analytics: false, marketing: true });
    bus.emit({ type: 'analytics:push', payload: { event: 'login', method: 'email' } });
    expect(window.dataLayer).toBeUndefined();
    subscription.unsubscribe();
  });

  it('a visitor who refused analytics on an earlier visit has nothing pushed', () => {
    const bus = new EventBus();
    const subscription = bridgeAnalytics(
      bus,
      window,
      visitor({ analytics: false, marketing: false }),
    );
    bus.emit({ type: 'analytics:push', payload: { event: 'login', method: 'email' } });
    expect(window.dataLayer).toBeUndefined();
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
