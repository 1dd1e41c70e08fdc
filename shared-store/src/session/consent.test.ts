import {
  CONSENT_MAX_AGE_S,
  consentModeOf,
  parseConsent,
  readConsent,
  saveConsent,
} from './consent';

describe('the cookie choice', () => {
  afterEach(() => {
    document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
  });

  it('is read back as it was saved', () => {
    expect(readConsent()).toBeUndefined();
    saveConsent({ analytics: true, marketing: false });
    expect(readConsent()).toEqual({ analytics: true, marketing: false });
    saveConsent({ analytics: false, marketing: true });
    expect(readConsent()).toEqual({ analytics: false, marketing: true });
  });

  it('a malformed record is no choice: the visitor is asked again', () => {
    for (const bad of ['', 'yes', 'v1-a1', 'v1-a2-m0', 'v1-a1-m0;', 'v2-a1-m1', ' v1-a1-m1x']) {
      expect(parseConsent(bad)).toBeUndefined();
    }
    document.cookie = 'cookie_consent=granted; Path=/';
    expect(readConsent()).toBeUndefined();
  });

  it('is kept six months, for the whole site, and sent by no other site’s page', () => {
    const doc = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    saveConsent({ analytics: true, marketing: true }, doc);
    expect(doc.cookie).toBe(
      `cookie_consent=v1-a1-m1; Max-Age=${String(CONSENT_MAX_AGE_S)}; Path=/; SameSite=Lax; Secure`,
    );
    expect(CONSENT_MAX_AGE_S).toBe(182 * 24 * 3600);
  });

  it('tells Consent Mode analytics by analytics_storage and marketing by the three ad signals', () => {
    expect(consentModeOf({ analytics: true, marketing: false })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentModeOf({ analytics: false, marketing: true })).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });
});
