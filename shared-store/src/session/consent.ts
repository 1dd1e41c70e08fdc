/**
 * The visitor's cookie choice (PECR / UK GDPR): whether analytics and marketing may be measured.
 * Kept in a first-party cookie of its own, which the site needs to remember the choice (no
 * consent is needed for it): the gateway reads it to leave the question out of the page, and the
 * page's first script reads it to tell Google's Consent Mode before any tag can load.
 */
export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

/** The cookie's name. */
export const CONSENT_COOKIE = 'cookie_consent';

/** How long a choice is kept before the visitor is asked again: six months. */
export const CONSENT_MAX_AGE_S = 182 * 24 * 60 * 60;

/**
 * The cookie's value: `v1-a<0|1>-m<0|1>`. The source of this pattern, without anchors, is also
 * what the page's first script matches (the gateway writes it from here), so there is one format.
 */
export const CONSENT_VALUE_PATTERN = 'v1-a([01])-m([01])';

const VALUE = new RegExp(`^${CONSENT_VALUE_PATTERN}$`);

/** The choice a cookie value records; undefined for no value or anything malformed (ask again). */
export function parseConsent(value: string | undefined): Consent | undefined {
  const match = value === undefined ? null : VALUE.exec(value);
  return match ? { analytics: match[1] === '1', marketing: match[2] === '1' } : undefined;
}

/** The choice this browser made, if it made a valid one. */
export function readConsent(doc: Document = document): Consent | undefined {
  return parseConsent(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(doc.cookie)?.[1]);
}

/** Keeps the choice for six months (the cookie is Secure on https). */
export function saveConsent({ analytics, marketing }: Consent, doc: Document = document): void {
  const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CONSENT_COOKIE}=v1-a${analytics ? '1' : '0'}-m${marketing ? '1' : '0'}; Max-Age=${String(CONSENT_MAX_AGE_S)}; Path=/; SameSite=Lax${secure}`;
}

/** Google Consent Mode v2's four signals for a choice (marketing covers the three ad ones). */
export function consentModeOf({ analytics, marketing }: Consent): Record<string, string> {
  const state = (granted: boolean) => (granted ? 'granted' : 'denied');
  return {
    analytics_storage: state(analytics),
    ad_storage: state(marketing),
    ad_user_data: state(marketing),
    ad_personalization: state(marketing),
  };
}

/**
 * Whether a choice lets Google Tag Manager load: a consent to analytics or to marketing ("Accept
 * all" gives both). Before any choice, and after "Reject all", nothing is asked of Google (the UK
 * reading of PECR: nothing reaches it before the visitor agrees).
 */
export function allowsTagManager(consent: Consent | undefined): boolean {
  return consent !== undefined && (consent.analytics || consent.marketing);
}

/** Google Tag Manager's origin: its script, and the tags it loads. */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/** A Tag Manager container's id, as the gateway takes it (GTM_ID) and hands it to the page. */
export const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** The script of a Tag Manager container. */
export function tagManagerScriptUrl(containerId: string): string {
  return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
}
