import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createResponseCache, type ResponseCache } from '../proxy/responseCache';
import { createSharedResponseCache } from '../proxy/sharedResponseCache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The upstream reads the gateway keeps (plugins/readCache.ts). */
    readCache: ResponseCache;
  }
}

/**
 * The upstream reads the gateway keeps, as the route table says: one upstream request a key at a
 * time, whoever asks (a browser through the proxy, the commerce API's product reads, a page's
 * head), every instance's in Redis when they share one, this instance's own otherwise; each lookup
 * counted in the metrics.
 */
export const readCache = fp(
  (app: FastifyInstance, _options: unknown, loaded: () => void) => {
    const { shared } = app;
    app.decorate(
      'readCache',
      app.metrics.countedCache(
        shared
          ? createSharedResponseCache(shared, { upstreamTimeoutMs: app.config.upstreamTimeoutMs })
          : createResponseCache(),
      ),
    );
    loaded();
  },
  { name: 'read-cache', dependencies: ['configuration', 'metrics', 'shared-state'] },
);
