#!/usr/bin/env node
// npm run promote -- <remote>: the remote's canary becomes its live version, for every browser.
import { assertRemote, promoteCanary, withLock } from './releases.mjs';

async function main() {
  const name = process.argv[2];
  assertRemote(name);
  const version = await withLock(() => promoteCanary(name));
  console.log(`${name} ${version} is live.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
