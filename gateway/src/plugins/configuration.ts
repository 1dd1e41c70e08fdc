import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readPageContract, remoteNamesOf } from 'shared-store/server';
import type { RevocationStore } from '../identity/tokens';
import { createRemotesConfigSource, defaultRemotesConfig } from '../page/remotesConfig';
import { createRolloutSource } from '../page/rollout';
import { createRollbacksSource, rolloutWithoutRolledBack } from '../releaseHealth/rollbacks';
import { GATEWAY_DEFAULTS } from './defaults';
import type { GatewaySettings } from './environment';
import type { ServerTimeouts } from './framing';

/** The settings a gateway is built without only in a test: where its shell and releases are. */
type RequiredSetting = 'appsRoot' | 'deployDir' | 'publicUrl';

/**
 * What buildGateway takes: the environment's settings (settingsOf, environment.ts), each but the
 * apps, the releases and the public address optional (a test's gateway takes GATEWAY_DEFAULTS'),
 * and what only a running gateway knows: the services it was connected to (upstreams.ts).
 */
export type GatewayOptions = Pick<GatewaySettings, RequiredSetting> &
  Partial<Omit<GatewaySettings, RequiredSetting>> &
  Partial<Pick<typeof GATEWAY_DEFAULTS, 'upstreamTimeoutMs'>> & {
    upstreams: { wordpress: string; lms: string; portal?: string | undefined };
    wooCommerce: { key: string; secret: string };
    /** Handed to the page: where My Dashboard points. */
    portalUrl: string;
    /** Where logged-out tokens are remembered; in Redis with `redis`, else in memory. */
    revocations?: RevocationStore;
    /** Where the structured logs go (standard output by default). */
    logStream?: NodeJS.WritableStream;
    /** How long a client may take to send a request, or keep a connection idle (framing.ts). */
    serverTimeouts?: Partial<ServerTimeouts>;
  };

/**
 * The options with every setting a test left out at its default, the environment's own
 * (GATEWAY_DEFAULTS). A setting given as undefined is left out too.
 */
export function withDefaults(options: GatewayOptions) {
  const given = Object.fromEntries(
    Object.entries<unknown>(options).filter(([, value]) => value !== undefined),
  ) as GatewayOptions;
  return { ...GATEWAY_DEFAULTS, ...given };
}

/** The options, every setting resolved (withDefaults). */
export type ResolvedOptions = ReturnType<typeof withDefaults>;

/**
 * The options with the defaults every part shares, and the shell this gateway serves: the routes,
 * remotes and markup of its build's page contract (read once, at start), and the live remotes
 * configuration (read again when its file changes).
 */
async function configurationOf(app: FastifyInstance, options: ResolvedOptions) {
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
export const configuration = fp<{ options: ResolvedOptions }>(
  async (app, { options }) => {
    app.decorate('config', await configurationOf(app, options));
  },
  { name: 'configuration' },
);
