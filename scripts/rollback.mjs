#!/usr/bin/env node
// npm run rollback -- <remote>: takes the last change back. A canary that runs ends (every browser
// gets the live version again); otherwise the remote switches back to the version live before the
// live one (for a first release, the local build that was live before it). --preview <id>
// withdraws that preview link instead.
import { parseArgs } from 'node:util';
import {
  assertRemote,
  previousVersion,
  stopCanary,
  switchTo,
  withLock,
  withdrawPreview,
} from './releases.mjs';

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { preview: { type: 'string' } },
  });
  const name = positionals[0];
  assertRemote(name);
  if (values.preview !== undefined) {
    await withLock(() => withdrawPreview(name, values.preview));
    console.log(`The preview ${values.preview} of ${name} is withdrawn.`);
    return;
  }
  const said = await withLock(() => {
    const canary = stopCanary(name);
    if (canary) return `The canary of ${name} ${canary} is over: every browser gets the live one.`;
    const previous = previousVersion(name);
    switchTo(name, previous, { back: true });
    return `${name} is back to ${previous}.`;
  });
  console.log(said);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
