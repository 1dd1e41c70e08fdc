import { PAGE_CONTRACT } from '../page/contract';
import { TAG_MANAGER_ID } from '../session/consent';

/** Settings the gateway hands to the page (never secrets): read from its inlined JSON. */
export interface PublicConfig {
  /** Learner dashboard host: {portalUrl}/course/{token}. */
  portalUrl: string;
  /**
   * The WordPress site's public origin (`https://www.example.com`): links to it are the
   * storefront's own (lib/links.ts). Empty when the gateway names none.
   */
  wordpressUrl: string;
  /**
   * The Google Tag Manager container (GTM-…) the page loads once the visitor's cookie choice
   * allows it (session/consent.ts); empty when the gateway names none.
   */
  tagManager: string;
}

const ELEMENT_ID = PAGE_CONTRACT.markup.storefrontConfigId;

/** An http(s) URL's origin, or '' for anything else. */
function originOf(url: unknown): string {
  try {
    const parsed = new URL(String(url));
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : '';
  } catch {
    return '';
  }
}

type RawConfig = Partial<Record<keyof PublicConfig, unknown>>;

/** The page's settings; a missing, malformed or partial configuration reads as the defaults. */
export function readPublicConfig(doc: Document = document): PublicConfig {
  let raw: RawConfig | null = null;
  try {
    raw = JSON.parse(doc.getElementById(ELEMENT_ID)?.textContent ?? 'null') as RawConfig | null;
  } catch {
    // the defaults
  }
  const portalUrl = raw?.portalUrl;
  return {
    portalUrl: typeof portalUrl === 'string' && portalUrl ? portalUrl : '/portal',
    wordpressUrl: originOf(raw?.wordpressUrl),
    tagManager:
      typeof raw?.tagManager === 'string' && TAG_MANAGER_ID.test(raw.tagManager)
        ? raw.tagManager
        : '',
  };
}

/** The learner dashboard URL for a token; in the app it says so. */
export function dashboardUrl(portalUrl: string, token: string, inApp: boolean): string {
  const base = `${portalUrl.replace(/\/+$/, '')}/course/${encodeURIComponent(token)}`;
  return inApp ? `${base}?isMobileApp=true` : base;
}
