import { PAGE_CONTRACT } from '../page/contract';

/** Settings the gateway hands to the page (never secrets): read from its inlined JSON. */
export interface PublicConfig {
  /** Learner dashboard host: {portalUrl}/course/{token}. */
  portalUrl: string;
}

const DEFAULTS: PublicConfig = { portalUrl: '/portal' };
const ELEMENT_ID = PAGE_CONTRACT.markup.storefrontConfigId;

export function readPublicConfig(doc: Document = document): PublicConfig {
  try {
    const raw: unknown = JSON.parse(doc.getElementById(ELEMENT_ID)?.textContent ?? '{}');
    const portalUrl =
      typeof raw === 'object' && raw !== null
        ? (raw as { portalUrl?: unknown }).portalUrl
        : undefined;
    return {
      portalUrl: typeof portalUrl === 'string' && portalUrl ? portalUrl : DEFAULTS.portalUrl,
    };
  } catch {
    return DEFAULTS;
  }
}

/** The learner dashboard URL for a token; in the app it says so. */
export function dashboardUrl(portalUrl: string, token: string, inApp: boolean): string {
  const base = `${portalUrl.replace(/\/+$/, '')}/course/${encodeURIComponent(token)}`;
  return inApp ? `${base}?isMobileApp=true` : base;
}
