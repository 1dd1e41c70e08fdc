import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readPageContract, remoteNamesOf } from 'shared-store/server';
import type { RevocationStore } from '../identity/tokens';
import { createRemotesConfigSource, defaultRemotesConfig } from '../page/remotesConfig';
import { createRolloutSource } from '../page/rollout';
import { createRollbacksSource, rolloutWithoutRolledBack } from '../releaseHealth/rollbacks';
import type { RedisTarget } from './environment';
import type { ServerTimeouts } from './framing';

/** Upstream requests give up after this long and answer 504. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

export interface GatewayOptions {
  appsRoot: string;
  /**
   * Released remotes: remotes/<name>/<version>/, the live remotes.json and rollout.json (the
   * canaries and previews, scripts/releases.mjs).
   */
  deployDir: string;
  upstreams: { wordpress: string; lms: string; portal?: string | undefined };
  wooCommerce: { key: string; secret: string };
  /** The storefront's public address: absolute URLs are built from it, never from `Host`. */
  publicUrl: string;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDRs); none by default. */
  trustedProxies?: string[];
  /** Origins whose pages may call the API (CORS); none by default. */
  allowedOrigins?: string[];
  /**
   * The Redis every instance shares rate limits, logged-out tokens and cached reads through;
   * unset, each instance keeps its own in memory (right for one instance only).
   */
  redis?: RedisTarget | undefined;
  /** Where logged-out tokens are remembered; in Redis with `redis`, else in memory. */
  revocations?: RevocationStore;
  /** Handed to the page: where My Dashboard points. */
  portalUrl: string;
  /**
   * Handed to the page: the WordPress site's public origin, whose links are the storefront's own
   * (shared-store lib/links.ts). Default: the WordPress upstream's origin.
   */
  wordpressPublicUrl?: string;
  remotesConfigFile?: string | undefined;
  logLevel?: string;
  upstreamTimeoutMs?: number;
  /** Signs the cookie that remembers this browser's orders; share it between instances. */
  cookieSecret?: string | undefined;
  /**
   * Signs the canary links the release tools print (RELEASE_LINK_SECRET, shared with them and
   * every instance); unset, no canary link is taken.
   */
  releaseLinkSecret?: string | undefined;
  /** Origins allowed to frame the storefront (the company's app). */
  frameAncestors?: string[];
  /** The Google Tag Manager container the pages load after the consent defaults (GTM-…). */
  gtmId?: string | undefined;
  /** Serves the builds' source maps (off: they are not found). */
  publicSourceMaps?: boolean;
  /**
   * How long a page waits for the reads its first screen is rendered from on the server, and for
   * the render; 0: no page is rendered on the server.
   */
  serverRenderBudgetMs?: number;
  /** How long a page waits for WordPress to say what it is about (its head); 0: never asks. */
  headReadBudgetMs?: number;
  /** Where the structured logs go (standard output by default). */
  logStream?: NodeJS.WritableStream;
  /** How long a client may take to send a request, or keep a connection idle (framing.ts). */
  serverTimeouts?: Partial<ServerTimeouts>;
}

/**
 * The options with the defaults every part shares, and the shell this gateway serves: the routes,
 * remotes and markup of its build's page contract (read once, at start), and the live remotes
 * configuration (read again when its file changes).
 */
async function configurationOf(app: FastifyInstance, options: GatewayOptions) {
  const contract = await readPageContract(path.join(options.appsRoot, 'shell', 'dist'));
  const remotes = createRemotesConfigSource(
    defaultRemotesConfig(remoteNamesOf(contract)),
    options.remotesConfigFile,
    (message) => {
      app.log.error(message);
    },
  );
  const rolloutAsWritten = createRolloutSource(
    path.join(options.deployDir, 'rollout.json'),
    remoteNamesOf(contract),
    (message) => {
      app.log.error(message);
    },
  );
  // A canary the gateways rolled back on their own is served no more (releaseHealth/).
  const healthRollbacks = createRollbacksSource(options.deployDir, (message) => {
    app.log.error(message);
  });
  const publicUrl = new URL(options.publicUrl);
  return {
    ...options,
    publicUrl,
    /**
     * Whether the gateway's cookies are Secure: when the storefront's public address is https.
     * Never from the request: its protocol follows the X-Forwarded-Proto a trusted proxy passes
     * on, which a client can forge and a proxy can drop.
     */
    secureCookies: publicUrl.protocol === 'https:',
    /** The WordPress site's public origin: its links are the storefront's own. */
    wordpressOrigin: new URL(options.wordpressPublicUrl ?? options.upstreams.wordpress).origin,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
    frameAncestors: options.frameAncestors ?? [],
    contract,
    remotes,
    rollout: rolloutWithoutRolledBack(rolloutAsWritten, healthRollbacks),
    rolloutAsWritten,
    healthRollbacks,
  };
}

export type GatewayConfig = Awaited<ReturnType<typeof configurationOf>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway's configuration (plugins/configuration.ts). */
    config: GatewayConfig;
  }
}

/** Decorates the server with its configuration, which every other part reads. */
export const configuration = fp<{ options: GatewayOptions }>(
  async (app, { options }) => {
    app.decorate('config', await configurationOf(app, options));
  },
  { name: 'configuration' },
);
