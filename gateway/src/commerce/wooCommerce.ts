import type * as v from 'valibot';
import type { GatewayConfig } from '../plugins/configuration';
import { failureOf, type UpstreamFailed } from '../plugins/metrics';
import { publicForwarding } from '../proxy/upstreams';
import { problemsOf, validate } from '../validation';
import { ShopError, unavailable } from './errors';

export interface WooCommerceOptions {
  /** WordPress's base URL (WooCommerce's REST API lives under its /wp-json). */
  baseUrl: string;
  credentials: { key: string; secret: string };
  timeoutMs: number;
  /** The storefront's public address, which WordPress builds its absolute URLs from. */
  publicUrl: URL;
  log: (message: string, error?: unknown) => void;
  /** Counts a call that got no answer (the metrics); none counted without it. */
  upstreamFailed?: UpstreamFailed;
}

type Method = 'GET' | 'POST' | 'PUT';

/** WooCommerce's error answers the page may read as they are: a bad coupon, an unknown id. */
const CLIENT_ERRORS = new Set([400, 404, 409, 422]);

function errorOf(status: number, body: unknown): ShopError {
  const { code, message } = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (CLIENT_ERRORS.has(status) && typeof code === 'string' && typeof message === 'string') {
    return new ShopError(status, code.slice(0, 100), message.slice(0, 300));
  }
  return unavailable();
}

/**
 * The gateway's one way to WooCommerce: the key and secret go in an Authorization header (never
 * a URL, which WordPress echoes back in Link headers and logs), each call has a time limit, and
 * an answer is used only once its schema has read it. Nothing of the upstream answer but the
 * parsed value leaves here.
 */
export function createWooCommerce(options: WooCommerceOptions) {
  const { key, secret } = options.credentials;
  const authorization = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

  async function call<T extends v.GenericSchema>(
    method: Method,
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<v.InferOutput<T>> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}/wp-json/${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...publicForwarding(options.publicUrl),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      options.log(`WooCommerce ${method} ${path} failed`, error);
      const failure = failureOf(error);
      options.upstreamFailed?.('woocommerce', failure);
      if (failure === 'timeout') {
        throw new ShopError(504, 'upstream_timeout', 'The shop took too long to answer.');
      }
      throw unavailable();
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      answer = undefined;
    }
    if (response.status === 401 || response.status === 403) {
      options.log(`WooCommerce refused the gateway's credentials on ${method} ${path}`);
    }
    if (!response.ok) throw errorOf(response.status, answer);
    const parsed = validate(schema, answer);
    if (!parsed.success) {
      // The problems only: an issue holds the answer, which is not for the logs.
      options.log(
        `WooCommerce answered ${method} ${path} in an unexpected shape`,
        new Error(problemsOf(parsed.issues)),
      );
      throw new ShopError(
        502,
        'upstream_invalid_response',
        'The shop sent an answer we could not read.',
      );
    }
    return parsed.output;
  }

  return {
    get: <T extends v.GenericSchema>(path: string, schema: T) => call('GET', path, schema),
    post: <T extends v.GenericSchema>(path: string, body: unknown, schema: T) =>
      call('POST', path, schema, body),
    put: <T extends v.GenericSchema>(path: string, body: unknown, schema: T) =>
      call('PUT', path, schema, body),
  };
}

export type WooCommerce = ReturnType<typeof createWooCommerce>;

/**
 * The gateway's WooCommerce as configured: WordPress's upstream, the keys, the time limit, its
 * failures counted.
 */
export function wooCommerceOf(
  config: Pick<GatewayConfig, 'upstreams' | 'wooCommerce' | 'upstreamTimeoutMs' | 'publicUrl'>,
  log: WooCommerceOptions['log'],
  upstreamFailed: UpstreamFailed,
): WooCommerce {
  return createWooCommerce({
    baseUrl: config.upstreams.wordpress,
    credentials: config.wooCommerce,
    timeoutMs: config.upstreamTimeoutMs,
    publicUrl: config.publicUrl,
    log,
    upstreamFailed,
  });
}
