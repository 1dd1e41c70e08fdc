import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { wooCommerceOf } from '../commerce/wooCommerce';
import { warnings } from '../plugins/logging';
import { registerLimiters } from '../plugins/rateLimiting';
import { registerAccounts, type Accounts } from './accounts';
import { createAttemptCounter } from './attemptCounter';
import { createIdentity, type Identity } from './identity';
import { registerRevocationCheck, registerSessionRoutes } from './sessions';
import { createSharedRevocationStore } from './sharedRevocations';
import { createMemoryRevocationStore, createTokenOwnerLookup } from './tokens';

/**
 * Token checks WordPress has to answer (a token the gateway has not seen) per client and minute:
 * a learner needs one per session; junk tokens stop here.
 */
export const TOKEN_CHECKS_PER_MINUTE = 30;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whose request this is (identity/identity.ts): the commerce API and the proxy ask. */
    identity: Identity;
    /** What the account forms answer, given WordPress's answer by the proxy (accounts.ts). */
    accountForms: Accounts;
  }
}

/**
 * Who a request comes from, for the whole server, hence on the root: a session that ended (a
 * logout, "Log out of all devices", a password reset) is refused on every request for the rest of
 * its tokens' lives; the account forms' checks run before the proxy passes them on, and their
 * answers never tell whether an address has an account; the commerce API and the proxy ask whose
 * request it is. Its routes end sessions.
 */
export const identity = fp(
  async (app: FastifyInstance) => {
    const { config, shared } = app;
    const log = warnings(app.log);
    // Counted apart from the route's own limit.
    const tokenChecks = await registerLimiters(
      app,
      [{ name: 'token-check', perMinute: TOKEN_CHECKS_PER_MINUTE }],
      shared,
    );
    const limitTokenCheck = tokenChecks.get('token-check');
    const revocations =
      config.revocations ??
      (shared ? createSharedRevocationStore(shared) : createMemoryRevocationStore());
    registerRevocationCheck(app, revocations);
    const whose = createIdentity({
      lookup: createTokenOwnerLookup(config.upstreams.wordpress, {
        timeoutMs: config.upstreamTimeoutMs,
      }),
      limitCheck: (request, reply) => limitTokenCheck?.(request, reply) ?? Promise.resolve(),
      log,
    });
    app.decorate('identity', whose);
    app.decorate(
      'accountForms',
      registerAccounts(app, {
        wc: wooCommerceOf(config, log, app.metrics.upstreamFailed),
        revocations,
        attempts: createAttemptCounter(shared),
        log,
      }),
    );
    registerSessionRoutes(app, { identity: whose, revocations });
  },
  { name: 'identity', dependencies: ['configuration', 'metrics', 'shared-state'] },
);
