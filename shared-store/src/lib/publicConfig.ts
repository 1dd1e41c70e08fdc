import { PAGE_CONTRACT } from '../page/contract';

/** Settings the gateway hands to the page (never secrets): read from its inlined JSON. */
export interface PublicConfig {
  /** Learner dashboard host: {portalUrl}/course/{token}. */
  portalUrl: string;
  /**
   * The WordPress site's public origin (`https://www.example.com`): links to it are the
   * storefront's own (lib/links.ts). Empty when the gateway names none.
   */
  wordpressUrl: string;
}

const DEFAULTS: PublicConfig = { portalUrl: '/portal', wordpressUrl: '' };
const ELEMENT_ID = PAGE_CONTRACT.markup.storefrontConfigId;

function stringOf(raw: unknown, key: string): string {
  const value =
    typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[key] : '';
  return typeof value === 'string' ? value : '';
}

/** An http(s) URL's origin, or '' for anything else. */
function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : '';
  } catch {
    return '';
  }
}

export function readPublicConfig(doc: Document = document): PublicConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(doc.getElementById(ELEMENT_ID)?.textContent ?? '{}');
  } catch {
    return DEFAULTS;
  }
  return {
    portalUrl: stringOf(raw, 'portalUrl') || DEFAULTS.portalUrl,
    wordpressUrl: originOf(stringOf(raw, 'wordpressUrl')),
  };
}

/** The learner dashboard URL for a token; in the app it says so. */
export function dashboardUrl(portalUrl: string, token: string, inApp: boolean): string {
  const base = `${portalUrl.replace(/\/+$/, '')}/course/${encodeURIComponent(token)}`;
  return inApp ? `${base}?isMobileApp=true` : base;
}
