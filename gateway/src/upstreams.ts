import { randomBytes } from 'node:crypto';
import type { startSampleBackend } from 'sample-backend';
import type { GatewayEnv } from './plugins/environment';

/** What the gateway needs of the sample backend: its start (the package's own API). */
export interface SampleBackendModule {
  startSampleBackend: typeof startSampleBackend;
}

/** WooCommerce-shaped credentials for the embedded sample backend, new at every start. */
function sampleCredentials() {
  return {
    key: `ck_${randomBytes(20).toString('hex')}`,
    secret: `cs_${randomBytes(20).toString('hex')}`,
  };
}

/** Loads the sample backend, a development dependency: a production install does not have it. */
async function loadSampleBackend(
  load: () => Promise<SampleBackendModule>,
): Promise<SampleBackendModule> {
  try {
    return await load();
  } catch (error) {
    throw new Error(
      `No upstream is configured and the sample backend is not installed (an install without development dependencies): set WORDPRESS_URL, LMS_API_URL, PORTAL_URL, WC_CONSUMER_KEY and WC_CONSUMER_SECRET. (${String(error)})`,
    );
  }
}

/**
 * The configured upstreams; with none configured at all, the sample backend, started in this
 * process on a loopback port, stands in for every one (the portal proxied at /portal). The sample
 * backend's code is loaded only then: a gateway with its upstreams never runs it.
 */
export async function connectUpstreams(
  config: GatewayEnv,
  load: () => Promise<SampleBackendModule> = () => import('sample-backend'),
) {
  if (config.upstreams) {
    const { wordpress, lms, portal, wooCommerce } = config.upstreams;
    return { upstreams: { wordpress, lms }, portalUrl: portal, wooCommerce, sample: undefined };
  }
  const { startSampleBackend } = await loadSampleBackend(load);
  const wooCommerce = sampleCredentials();
  const sample = await startSampleBackend({
    host: '127.0.0.1',
    port: 0,
    wcConsumerKey: wooCommerce.key,
    wcConsumerSecret: wooCommerce.secret,
    ...(config.SAMPLE_JWT_SECRET ? { jwtSecret: config.SAMPLE_JWT_SECRET } : {}),
    ...(config.SAMPLE_STATE_DIR ? { stateDir: config.SAMPLE_STATE_DIR } : {}),
  });
  console.log('No upstream configured: serving the embedded sample backend');
  return {
    upstreams: { wordpress: sample.url, lms: sample.url, portal: sample.url },
    portalUrl: '/portal',
    wooCommerce,
    sample,
  };
}
