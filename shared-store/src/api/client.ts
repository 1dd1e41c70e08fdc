import { REQUEST_TIMEOUT_MS } from '../constants';
import type { WpError } from './types';

/**
 * A failed backend call: HTTP status (0 for network or timeout), error code and message, and the
 * error body's `data` as `details` (e.g. the repriced order of a 409 `price_changed`).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Bearer token for the learner's own calls. */
  token?: string | null;
  /** Further request headers of one operation (an order's Idempotency-Key). */
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Bypass the browser's HTTP cache. */
  noStore?: boolean;
}

export interface ApiClientOptions {
  /** Prefix of every path; the page talks to its own origin only. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

function isWpError(body: unknown): body is WpError {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/** The URL a request asks for: the base, the path and its query, in the order it is written. */
export function buildUrl(
  baseUrl: string,
  path: string,
  query?: Record<string, QueryValue>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

/** The one configured HTTP client: same-origin paths, timeouts, JSON, error mapping. */
export function createApiClient(options: ApiClientOptions = {}) {
  const { baseUrl = '', timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
    }, req.timeoutMs ?? timeoutMs);
    const headers: Record<string, string> = { ...req.headers, Accept: 'application/json' };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    if (req.token) headers.Authorization = `Bearer ${req.token}`;
    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, req.query), {
        method: req.method ?? 'GET',
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: controller.signal,
        credentials: 'same-origin',
        ...(req.noStore ? { cache: 'no-store' as const } : {}),
      });
    } catch {
      const timedOut = controller.signal.aborted;
      throw new ApiError(
        timedOut ? 'The server took too long to answer.' : 'The server could not be reached.',
        0,
        timedOut ? 'timeout' : 'network_error',
      );
    } finally {
      clearTimeout(timer);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      if (isWpError(body)) {
        throw new ApiError(body.message, response.status, body.code || 'http_error', body.data);
      }
      throw new ApiError(
        `Request failed (${String(response.status)}).`,
        response.status,
        'http_error',
      );
    }
    // 204 No Content (a logout) is a success without a body.
    if (response.status === 204) return undefined as T;
    if (body === undefined) {
      throw new ApiError('The server sent an unreadable answer.', response.status, 'invalid_json');
    }
    return body as T;
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The page's client: every path is relative to the page's own origin. */
export const apiClient = createApiClient();
