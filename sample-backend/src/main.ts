import { DEMO_LEARNER, startSampleBackend } from './index';

/** A non-empty environment variable, or undefined. */
function fromEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * Runs the sample backend on its own: `PORT` (default 8090) on 127.0.0.1. The JWT secret and the
 * WooCommerce keys come from `SAMPLE_JWT_SECRET`, `SAMPLE_WC_CONSUMER_KEY` and
 * `SAMPLE_WC_CONSUMER_SECRET`, and are random per start when unset. Carts and orders are kept in
 * `SAMPLE_STATE_DIR` (default: the package's own .data folder).
 */
async function main(): Promise<void> {
  const rawPort = process.env.PORT ?? '8090';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${rawPort}"`);
  }
  const jwtSecret = fromEnv('SAMPLE_JWT_SECRET');
  const wcConsumerKey = fromEnv('SAMPLE_WC_CONSUMER_KEY');
  const wcConsumerSecret = fromEnv('SAMPLE_WC_CONSUMER_SECRET');
  const stateDir = fromEnv('SAMPLE_STATE_DIR');
  const backend = await startSampleBackend({
    port,
    logger: process.env.LOG_REQUESTS === '1',
    ...(jwtSecret === undefined ? {} : { jwtSecret }),
    ...(wcConsumerKey === undefined ? {} : { wcConsumerKey }),
    ...(wcConsumerSecret === undefined ? {} : { wcConsumerSecret }),
    ...(stateDir === undefined ? {} : { stateDir }),
  });
  console.log(`Sample backend listening on ${backend.url}`);
  if (wcConsumerKey === undefined || wcConsumerSecret === undefined) {
    // Generated for this run only: a local stand-in, so the pair is shown to whoever started it.
    console.log(
      `WooCommerce keys for this run: ${backend.wooCommerce.key} / ${backend.wooCommerce.secret}`,
    );
  }
  console.log(`Demo learner: ${DEMO_LEARNER.email} / ${DEMO_LEARNER.password}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping`);
    backend.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
