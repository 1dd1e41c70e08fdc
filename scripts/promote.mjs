#!/usr/bin/env node
// npm run promote -- <remote> [--force]: the remote's canary becomes its live version, for every
// browser. A canary worse than live beyond the thresholds (scripts/health.mjs) is refused, with
// the figures, unless --force.
import { parseArgs } from 'node:util';
import { promoteRefusal } from './health.mjs';
import { assertRemote, deployDir, promoteCanary, readHistory, withLock } from './releases.mjs';

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const name = positionals[0];
  assertRemote(name);
  // Judged by real visitors' figures first.
  const canary = readHistory()[name]?.canary?.version;
  const refusal = canary === undefined ? undefined : promoteRefusal(deployDir(), name, canary);
  if (refusal && !values.force) throw new Error(refusal);
  if (refusal) console.log(`Promoted with --force, although:\n${refusal}`);
  const version = await withLock(() => promoteCanary(name));
  console.log(`${name} ${version} is live.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
