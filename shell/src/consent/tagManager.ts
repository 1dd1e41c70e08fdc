import { allowsTagManager, readPublicConfig, tagManagerScriptUrl } from 'shared-store';
import { pageConsent, type ConsentChoice } from './consentChoice';

/**
 * Google Tag Manager, loaded only once the visitor's choice allows it (allowsTagManager): never
 * before a choice nor after "Reject all". The gateway puts its script in the page of a visitor
 * whose stored choice allows it; on a first visit it is loaded here, when the visitor answers
 * "Accept all" (or saves a choice that allows analytics or marketing), after Consent Mode has
 * been told. The container is the gateway's (GTM_ID, in the page's settings); none, nothing loads.
 */
export function loadTagManagerWithConsent(
  consent: ConsentChoice = pageConsent(),
  doc: Document = document,
): () => void {
  const load = () => {
    const { tagManager } = readPublicConfig(doc);
    if (!tagManager || !allowsTagManager(consent.choice())) return;
    const src = tagManagerScriptUrl(tagManager);
    const loaded = Array.from(doc.scripts).some((script) => script.src === src);
    if (loaded) return;
    const view = doc.defaultView;
    if (view) {
      view.dataLayer ??= [];
      view.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    }
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    doc.head.append(script);
  };
  load();
  return consent.subscribe(load);
}
