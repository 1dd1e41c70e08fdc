import path from 'node:path';

/** Sample WooCommerce consumer key: the shape of a real one (`ck_` + 40 hex), valid only here. */
export const SAMPLE_WC_CONSUMER_KEY = 'ck_aa1976a3a543466df9e27c5013041439ef745e4e';

/** Sample WooCommerce consumer secret (`cs_` + 40 hex), valid only here. */
export const SAMPLE_WC_CONSUMER_SECRET = 'cs_89f17a8b6dfed838eeeb029676a561da7529d824';

/** Default HMAC secret for the JWT login; anyone can read it, so it protects nothing real. */
export const SAMPLE_JWT_SECRET = 'sample-backend-jwt-secret-not-for-production';

/**
 * The one account that exists from the start. Its id and display name match the captured
 * `users/me` response of the real WordPress.
 */
export const DEMO_LEARNER = {
  email: 'learner@example.com',
  username: 'learner',
  password: 'Learner#2026',
  userId: 3,
  displayName: 'Dr Test Learner',
} as const;

/** The password-reset key that `custom/v1/reset-password-form` accepts for the demo learner. */
export const DEMO_RESET_KEY = 'demo-reset-key';

/**
 * The site URL the captured WordPress answered on. Data files use it in links; responses rewrite
 * it to the origin the client used (see `http/origin.ts`).
 */
export const CANONICAL_SITE_URL = 'http://127.0.0.1:8090';

/** Request bodies above this size get a 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Options of {@link buildSampleBackend}; every field has a working default. */
export interface SampleBackendOptions {
  /** Folder of the content files. Default: the package's `data/` folder. */
  dataDir?: string;
  /** Folder where carts and orders are persisted. Default: the package's `.data/` folder. */
  stateDir?: string;
  /** WooCommerce consumer key every `wc/v3` request must carry. */
  wcConsumerKey?: string;
  /** WooCommerce consumer secret every `wc/v3` request must carry. */
  wcConsumerSecret?: string;
  /** HMAC secret of the JWT login tokens. */
  jwtSecret?: string;
  /** Log requests with Fastify's logger. Default false. */
  logger?: boolean;
}

/** {@link SampleBackendOptions} with the defaults filled in. */
export interface ResolvedOptions {
  dataDir: string;
  stateDir: string;
  wcConsumerKey: string;
  wcConsumerSecret: string;
  jwtSecret: string;
  logger: boolean;
}

// This file sits in src/ (ts-jest) or dist/ (compiled): either way the package root is one up.
const PACKAGE_ROOT = path.resolve(__dirname, '..');

/** Fills in the defaults of {@link SampleBackendOptions}. */
export function resolveOptions(options: SampleBackendOptions = {}): ResolvedOptions {
  return {
    dataDir: options.dataDir ?? path.join(PACKAGE_ROOT, 'data'),
    stateDir: options.stateDir ?? path.join(PACKAGE_ROOT, '.data'),
    wcConsumerKey: options.wcConsumerKey ?? SAMPLE_WC_CONSUMER_KEY,
    wcConsumerSecret: options.wcConsumerSecret ?? SAMPLE_WC_CONSUMER_SECRET,
    jwtSecret: options.jwtSecret ?? SAMPLE_JWT_SECRET,
    logger: options.logger ?? false,
  };
}
