import { createConsentChoice } from './consentChoice';
import { loadTagManagerWithConsent } from './tagManager';

// Google Tag Manager is asked for only once the visitor's choice allows it (PECR as the UK reads
// it: nothing reaches Google before a choice, nor after "Reject all").

const GTM_SCRIPT = 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD';

/** The page's settings as the gateway writes them, with a Tag Manager container or none. */
function pageSettings(tagManager?: string): void {
  const settings = document.createElement('script');
  settings.type = 'application/json';
  settings.id = 'storefront-config';
  settings.textContent = JSON.stringify({
    portalUrl: '/portal',
    ...(tagManager ? { tagManager } : {}),
  });
  document.head.append(settings);
}

const tagScripts = () =>
  Array.from(document.scripts)
    .map((script) => script.src)
    .filter((src) => src.startsWith('https://www.googletagmanager.com/'));

const dataLayerEvents = () => (window.dataLayer ?? []).map((entry) => entry.event);

describe('Google Tag Manager, after consent', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
    document.head.innerHTML = '';
    delete window.dataLayer;
  });

  it('is not loaded before the visitor answers, and loads once on "Accept all", after Consent Mode is told', () => {
    pageSettings('GTM-AB12CD');
    const consent = createConsentChoice();
    stop = loadTagManagerWithConsent(consent);
    expect(tagScripts()).toEqual([]);
    expect(dataLayerEvents()).toEqual([]);
    consent.choose({ analytics: true, marketing: true });
    expect(tagScripts()).toEqual([GTM_SCRIPT]);
    expect(dataLayerEvents()).toEqual(['gtm.js']);
    consent.choose({ analytics: true, marketing: false });
    expect(tagScripts()).toEqual([GTM_SCRIPT]);
  });

  it('"Reject all" loads nothing, and neither does a later visit with the refusal stored', () => {
    pageSettings('GTM-AB12CD');
    const consent = createConsentChoice();
    stop = loadTagManagerWithConsent(consent);
    consent.choose({ analytics: false, marketing: false });
    expect(tagScripts()).toEqual([]);
    stop();
    stop = loadTagManagerWithConsent(createConsentChoice());
    expect(tagScripts()).toEqual([]);
    expect(dataLayerEvents()).toEqual([]);
  });

  it('a choice allowing analytics only, or marketing only, loads it', () => {
    pageSettings('GTM-AB12CD');
    for (const choice of [
      { analytics: true, marketing: false },
      { analytics: false, marketing: true },
    ]) {
      const consent = createConsentChoice();
      stop = loadTagManagerWithConsent(consent);
      consent.choose(choice);
      expect(tagScripts()).toEqual([GTM_SCRIPT]);
      stop();
      document.head.querySelector(`script[src="${GTM_SCRIPT}"]`)?.remove();
    }
  });

  it('a stored acceptance loads it at the start, unless the page already has it', () => {
    pageSettings('GTM-AB12CD');
    document.cookie = 'cookie_consent=v1-a1-m1; Path=/';
    stop = loadTagManagerWithConsent(createConsentChoice());
    expect(tagScripts()).toEqual([GTM_SCRIPT]);
    stop();
    stop = loadTagManagerWithConsent(createConsentChoice());
    expect(tagScripts()).toEqual([GTM_SCRIPT]);
  });

  it('without a container in the page’s settings, nothing loads whatever the answer', () => {
    pageSettings();
    const consent = createConsentChoice();
    stop = loadTagManagerWithConsent(consent);
    consent.choose({ analytics: true, marketing: true });
    expect(tagScripts()).toEqual([]);
  });
});
