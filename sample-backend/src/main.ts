import { DEMO_LEARNER, startSampleBackend } from './index';

/** Runs the sample backend on its own: `PORT` (default 8090) on 127.0.0.1. */
async function main(): Promise<void> {
  const rawPort = process.env.PORT ?? '8090';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${rawPort}"`);
  }
  const backend = await startSampleBackend({ port, logger: process.env.LOG_REQUESTS === '1' });
  console.log(`Sample backend listening on ${backend.url}`);
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
