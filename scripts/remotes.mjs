#!/usr/bin/env node
// npm run remotes: every remote with its live version and the versions available to roll to.
import { REMOTES, readHistory, readLiveConfig } from './releases.mjs';

const live = readLiveConfig();
const history = readHistory();
for (const name of REMOTES) {
  const entry = history[name];
  const current = entry?.live ?? 'local build (remote-' + name + '/dist)';
  const available = entry?.versions.join(', ') || 'none released';
  console.log(
    `${name.padEnd(7)} live: ${current}\n        manifest: ${live[name]}\n        available: ${available}`,
  );
}
