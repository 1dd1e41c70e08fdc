#!/usr/bin/env node
// npm run remotes: every remote with its live version, its canary, its previews and the versions
// available to roll back to.
import { healthLines } from './health.mjs';
import { REMOTES, deployDir, readHistory, readLiveConfig } from './releases.mjs';

const live = readLiveConfig();
const history = readHistory();
const now = Date.now();
for (const name of REMOTES) {
  const entry = history[name];
  const lines = [
    `${name.padEnd(7)} live: ${entry?.live ?? `local build (remote-${name}/dist)`}`,
    `manifest: ${live[name]}`,
  ];
  if (entry?.canary) {
    lines.push(`canary: ${entry.canary.version} for ${String(entry.canary.percent)}% of browsers`);
  }
  for (const preview of entry?.previews ?? []) {
    const state = preview.withdrawn
      ? 'withdrawn'
      : preview.expires <= now
        ? 'expired'
        : `until ${new Date(preview.expires).toISOString()}`;
    lines.push(`preview: ${preview.version} (${preview.id}) ${state}`);
  }
  lines.push(`available: ${entry?.versions.join(', ') || 'none released'}`);
  // Real visitors' figures: live, the canary against it, a rollback the gateways made.
  lines.push(...healthLines(deployDir(), name));
  console.log(lines.join('\n        '));
}
