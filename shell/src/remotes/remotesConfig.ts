import { PAGE_CONTRACT } from 'shared-store';

/** Remote name -> manifest URL, as the gateway serves it in /remotes.json. */
export type RemotesConfig = Record<string, string>;

const { remotesConfigUrl: CONFIG_URL, remotesConfigId: INLINE_CONFIG_ID } = PAGE_CONTRACT.markup;

/** Keeps only entries whose value is a same-origin path or an http(s) URL. */
export function parseRemotesConfig(raw: unknown): RemotesConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error('The remotes configuration is not an object.');
  }
  const config: RemotesConfig = {};
  for (const [name, entry] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof entry === 'string' && /^(?:\/(?!\/)|https?:\/\/)/.test(entry)) {
      config[name] = entry;
    } else {
      console.error(`Remote "${name}" has no usable manifest URL in the configuration.`);
    }
  }
  return config;
}

/**
 * The gateway inlines the configuration into the page (no extra round trip); without it the shell
 * fetches it, revalidated on every load so a remote release shows on the next page load.
 */
export async function loadRemotesConfig(doc: Document = document): Promise<RemotesConfig> {
  const inline = doc.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (inline) {
    try {
      return parseRemotesConfig(JSON.parse(inline));
    } catch (error) {
      console.error('The inlined remotes configuration is unreadable; fetching it.', error);
    }
  }
  return fetchRemotesConfig();
}

/** The live configuration from the gateway, revalidated. */
export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(CONFIG_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Remotes configuration: HTTP ${String(response.status)}`);
  return parseRemotesConfig(await response.json());
}
