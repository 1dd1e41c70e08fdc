#!/usr/bin/env node
// npm run rollback -- <remote>: switches the remote back to the version released before the live one.
import { assertRemote, previousVersion, switchTo, withLock } from './releases.mjs';

async function main() {
  const name = process.argv[2];
  assertRemote(name);
  const version = await withLock(() => {
    const previous = previousVersion(name);
    switchTo(name, previous);
    return previous;
  });
  console.log(`${name} is back to ${version}.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
