import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * A published WooCommerce consumer key (`ck_` + 40 hex). No longer the default: a backend started
 * without keys generates its own. Kept exported only until every caller passes its own keys.
 * Pass `wcConsumerKey`, or read the generated key from `startSampleBackend()`, instead.
 */
export const SAMPLE_WC_CONSUMER_KEY = 'ck_aa1976a3a543466df9e27c5013041439ef745e4e';

/**
 * The published consumer secret that goes with {@link SAMPLE_WC_CONSUMER_KEY}.
 * Pass `wcConsumerSecret`, or read the generated secret from `startSampleBackend()`, instead.
 */
export const SAMPLE_WC_CONSUMER_SECRET = 'cs_89f17a8b6dfed838eeeb029676a561da7529d824';

/** A WooCommerce REST key pair, as WooCommerce shows it once when it is created. */
export interface WooCommerceKeys {
  /** `ck_` + 40 hex. */
  key: string;
  /** `cs_` + 40 hex. */
  secret: string;
}

/** A fresh key pair in WooCommerce's shape (`ck_`/`cs_` + 40 hex, as `wc_rand_hash` makes). */
function generateWooCommerceKeys(): WooCommerceKeys {
  return {
    key: `ck_${randomBytes(20).toString('hex')}`,
    secret: `cs_${randomBytes(20).toString('hex')}`,
  };
}

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

/**
 * The public address of the company's WordPress site, as its menus and page content write links.
 * The storefront maps links on it onto its own routes (`/courses/<slug>/`, `/events/<slug>/`,
 * `/locations/<id>/`, `/blog/...`, any other path the page of that slug). It is a reserved `.test`
 * name: a link on it that maps to nothing leads nowhere, so the data check refuses one.
 */
export const PUBLIC_SITE_URL = 'https://www.example-academy.test';

/** Request bodies above this size get a 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Options of {@link buildSampleBackend}; every field has a working default. */
export interface SampleBackendOptions {
  /** Folder of the content files. Default: the package's `data/` folder. */
  dataDir?: string;
  /** Folder where carts and orders are persisted. Default: the package's `.data/` folder. */
  stateDir?: string;
  /** WooCommerce consumer key every `wc/v3` request must carry. Default: random per start. */
  wcConsumerKey?: string;
  /** WooCommerce consumer secret every `wc/v3` request must carry. Default: random per start. */
  wcConsumerSecret?: string;
  /** HMAC secret of the JWT login tokens. Default: 32 random bytes per start. */
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
  const generated = generateWooCommerceKeys();
  return {
    dataDir: options.dataDir ?? path.join(PACKAGE_ROOT, 'data'),
    stateDir: options.stateDir ?? path.join(PACKAGE_ROOT, '.data'),
    wcConsumerKey: options.wcConsumerKey ?? generated.key,
    wcConsumerSecret: options.wcConsumerSecret ?? generated.secret,
    jwtSecret: options.jwtSecret ?? randomBytes(32).toString('hex'),
    logger: options.logger ?? false,
  };
}
