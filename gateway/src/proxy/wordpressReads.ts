import type { BackendHtml } from '../plugins/backendHtml';
import { failureOf, type UpstreamFailed } from '../plugins/metrics';
import { pathOf } from '../plugins/canonicalPaths';
import type { CachedResponse, ResponseCache } from './responseCache';
import { publicForwarding, upstreamQuery } from './upstreams';

/** The headers of a WordPress answer worth keeping with a cached copy. */
export const KEPT_HEADERS = ['content-type', 'x-wp-total', 'x-wp-totalpages'];

export interface WordPressReadDeps {
  cache: ResponseCache;
  wordpressUrl: string;
  /** The storefront's public address: WordPress builds absolute URLs from it, never from Host. */
  publicUrl: URL;
  timeoutMs: number;
  /** Sanitizes the HTML in WordPress's answers before they are kept or used. */
  html: BackendHtml;
  log: (message: string, error?: unknown) => void;
  /** Counts a read that got no answer (the metrics). */
  upstreamFailed: UpstreamFailed;
}

/**
 * The URL a read of WordPress asks for, which is also its key in the read cache: the path as
 * sent, with only the query parameters its route lists (upstreamQuery). A parameter the route does
 * not list reaches neither WordPress nor the key, so a stream of made-up query strings is one
 * read, kept once.
 */
export function readUrlOf(url: string): string {
  const query = upstreamQuery('GET', url);
  return `${pathOf(url)}${query ? `?${query}` : ''}`;
}

/**
 * The gateway's own reads of WordPress (a stale cached answer refreshed, a page's head), which
 * share the proxy's cache: one upstream request per key at a time, whoever asks.
 */
export function createWordPressReads(deps: WordPressReadDeps) {
  const forwarded = publicForwarding(deps.publicUrl);

  /**
   * Fetches `url` (a read's URL, readUrlOf, which is its key) as the one upstream request for it,
   * which every request waiting on the key shares; a 200 answer is kept for `ttlMs`. Resolves
   * with the answer, whatever its status, its HTML sanitized as the proxy's is; undefined when
   * none came in the upstream's time limit, or it was not JSON the gateway could read. With a
   * request for the key already under way (here, or on another instance sharing the cache),
   * resolves with that one's answer instead.
   */
  async function fetchIntoCache(url: string, ttlMs: number): Promise<CachedResponse | undefined> {
    const claim = await deps.cache.claim(url);
    if (!claim.leader) return claim.answer;
    const path = pathOf(url);
    let answer: CachedResponse | undefined;
    try {
      const response = await fetch(`${deps.wordpressUrl}${url}`, {
        headers: { Accept: 'application/json', ...forwarded },
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      const type = response.headers.get('content-type');
      const body = await deps.html.readJson(type, response.body);
      if (body) {
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (KEPT_HEADERS.includes(name)) headers[name] = value;
        });
        answer = { status: response.status, headers, body };
      } else {
        deps.log(`WordPress answered ${path} with ${String(type)}, not JSON the gateway can read`);
      }
    } catch (error) {
      deps.log(`Reading ${path} from WordPress failed`, error);
      deps.upstreamFailed('wordpress', failureOf(error));
    }
    await claim.finish(answer, answer?.status === 200 ? ttlMs : 0);
    return answer;
  }

  /**
   * The answer to a read the gateway makes itself (keyed as a browser's is, readUrlOf): kept,
   * shared with a request already under way, or fetched. A stale answer is used while a fresh one
   * is fetched.
   */
  async function read(url: string, ttlMs: number): Promise<CachedResponse | undefined> {
    const asked = readUrlOf(url);
    const cached = await deps.cache.lookup(asked);
    if (!cached) return fetchIntoCache(asked, ttlMs);
    if (cached.stale) void fetchIntoCache(asked, ttlMs);
    return cached.value;
  }

  return { fetchIntoCache, read };
}

export type WordPressReads = ReturnType<typeof createWordPressReads>;
