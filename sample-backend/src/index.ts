import type { SampleBackendOptions, WooCommerceKeys } from './config';
import { buildSampleBackend } from './app';

export { buildSampleBackend } from './app';
export type { SampleBackendOptions, WooCommerceKeys } from './config';
export {
  DEMO_LEARNER,
  PUBLIC_SITE_URL,
  SAMPLE_WC_CONSUMER_KEY,
  SAMPLE_WC_CONSUMER_SECRET,
} from './config';
export type { SampleState, TrackedOrder } from './context';
export { urlsafeB64Decode } from './domain/tokens';

/** Options of {@link startSampleBackend}: the build options plus where to listen. */
export interface StartSampleBackendOptions extends SampleBackendOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
}

/** A listening sample backend. */
export interface RunningSampleBackend {
  /** Base URL, e.g. `http://127.0.0.1:45123`. */
  url: string;
  /** Stops listening and waits for open requests to finish. */
  close(): Promise<void>;
  /** The WooCommerce key pair `wc/v3` accepts: the options' pair, or one generated at start. */
  wooCommerce: WooCommerceKeys;
}

/** Builds the sample backend and starts listening. */
export async function startSampleBackend(
  options: StartSampleBackendOptions = {},
): Promise<RunningSampleBackend> {
  const { host = '127.0.0.1', port = 0, ...buildOptions } = options;
  const app = await buildSampleBackend(buildOptions);
  await app.listen({ host, port });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${String(boundPort)}`,
    close: () => app.close(),
    wooCommerce: { ...app.wooCommerceKeys },
  };
}
