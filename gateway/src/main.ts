import { buildGateway } from './app';
import { readConfig, SECRET_VARIABLES, settingsOf } from './plugins/environment';
import { serveMetrics } from './plugins/metrics';
import { connectUpstreams } from './upstreams';

async function main(): Promise<void> {
  const config = readConfig();
  // The secrets live in this configuration from now on: nothing started later (a renderer, a
  // library reading process.env) finds them in the environment.
  for (const name of SECRET_VARIABLES) Reflect.deleteProperty(process.env, name);
  const { sample, ...connections } = await connectUpstreams(config);
  const app = await buildGateway({ ...settingsOf(config), ...connections });

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
