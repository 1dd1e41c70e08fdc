import { consentModeOf, readConsent, saveConsent, type Consent } from 'shared-store';

declare global {
  interface Window {
    /** Google's tag function, defined by the page's first script (the gateway's consent defaults). */
    gtag?: (...args: unknown[]) => void;
  }
}

type Listener = () => void;

/**
 * The visitor's cookie choice for this page: read from its cookie at the start, changed by the
 * question (consentQuestion.ts). Consent Mode is told of each change; analytics (bridges.ts)
 * waits for the first.
 */
export interface ConsentChoice {
  /** The visitor's answer: none yet on a first visit. */
  choice: () => Consent | undefined;
  choose: (consent: Consent) => void;
  subscribe: (listener: Listener) => () => void;
}

export function createConsentChoice(doc: Document = document): ConsentChoice {
  let answer = readConsent(doc);
  const listeners = new Set<Listener>();
  return {
    choice: () => answer,
    choose(consent) {
      saveConsent(consent, doc);
      doc.defaultView?.gtag?.('consent', 'update', consentModeOf(consent));
      answer = consent;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let page: ConsentChoice | undefined;

/** The page's one choice, read from its cookie when first asked for. */
export function pageConsent(): ConsentChoice {
  page ??= createConsentChoice();
  return page;
}
