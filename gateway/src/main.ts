import path from 'node:path';
import { buildGateway } from './app';
import { readConfig, SECRET_VARIABLES } from './plugins/environment';
import { serveMetrics } from './plugins/metrics';
import { connectUpstreams } from './upstreams';

async function main(): Promise<void> {
  const config = readConfig();
  // The secrets live in this configuration from now on: nothing started later (a renderer, a
  // library reading process.env) finds them in the environment.
  for (const name of SECRET_VARIABLES) Reflect.deleteProperty(process.env, name);
  const deployDir = config.DEPLOY_DIR ?? path.join(config.APPS_ROOT, 'deploy');
  const { upstreams, portalUrl, wooCommerce, sample } = await connectUpstreams(config);

  const app = await buildGateway({
    appsRoot: config.APPS_ROOT,
    upstreams,
    portalUrl,
    wordpressPublicUrl: config.WORDPRESS_PUBLIC_URL,
    wooCommerce,
    // Only the sample or a developer's start goes without it: readConfig refuses a production one.
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${String(config.PORT)}`,
    trustedProxies: config.TRUSTED_PROXIES ?? [],
    allowedOrigins: config.ALLOWED_ORIGINS ?? [],
    deployDir,
    remotesConfigFile: config.REMOTES_CONFIG ?? path.join(deployDir, 'remotes.json'),
    cookieSecret: config.COOKIE_SECRET,
    releaseLinkSecret: config.RELEASE_LINK_SECRET,
    redis: config.REDIS_URL,
    frameAncestors: config.FRAME_ANCESTORS,
    publicSourceMaps: config.PUBLIC_SOURCE_MAPS,
    gtmId: config.GTM_ID,
    logLevel: config.LOG_LEVEL,
    ...(config.SERVER_RENDER_BUDGET_MS === undefined
      ? {}
      : { serverRenderBudgetMs: config.SERVER_RENDER_BUDGET_MS }),
    ...(config.HEAD_READ_BUDGET_MS === undefined
      ? {}
      : { headReadBudgetMs: config.HEAD_READ_BUDGET_MS }),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections, waits for in-flight requests, then closes the
    // connections to Redis.
    void Promise.all([app.close(), sample?.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await sample?.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${String(config.PORT)} is already in use: set PORT to a free port.`);
    } else {
      console.error(`The storefront could not start: ${String(error)}`);
    }
    process.exit(1);
  }
  // The operators' metrics, on a port of their own (never the storefront's), only when asked for.
  if (config.METRICS_PORT !== undefined) {
    try {
      await serveMetrics(app, { host: config.HOST, port: config.METRICS_PORT });
    } catch (error) {
      await Promise.all([app.close(), sample?.close()]);
      console.error(
        `The metrics could not be served on METRICS_PORT ${String(config.METRICS_PORT)}: ${String(error)}`,
      );
      process.exit(1);
    }
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = ['127.0.0.1', '0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  console.log(`Storefront ready at http://${host}:${String(port)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
