#!/usr/bin/env node
// For measurement only: builds the shell and the remotes' exposed modules as one ordinary webpack
// bundle without module federation (monolith/webpack.config.js) into .monolith/shell/dist. The
// gateway serves it with APPS_ROOT=<repo>/.monolith (see monolithGatewayEnv). Run directly, it
// builds and prints where.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
export const MONOLITH_ROOT = path.join(ROOT, '.monolith');

/** Builds the single bundle; returns the gateway's APPS_ROOT for it and the build time. */
export function buildMonolith() {
  const started = Date.now();
  const result = spawnSync(
    'npx',
    [
      'webpack',
      '--config',
      path.join(import.meta.dirname, 'monolith', 'webpack.config.js'),
      '--mode',
      'production',
    ],
    { cwd: path.join(ROOT, 'shell'), stdio: 'inherit' },
  );
  if (result.error) throw new Error(`The monolith build did not start: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`The monolith build failed (exit ${String(result.status ?? result.signal)}).`);
  }
  return { appsRoot: MONOLITH_ROOT, seconds: (Date.now() - started) / 1000 };
}

/**
 * The gateway settings that serve the monolith: its page and bundle, and a remotes configuration
 * whose one entry has no URL, so the page asks for no manifests (the gateway refuses an empty one and
 * falls back to the four remotes' manifests). Chromium warns once about the empty preload href.
 */
export function monolithGatewayEnv() {
  fs.mkdirSync(MONOLITH_ROOT, { recursive: true });
  const remotesConfig = path.join(MONOLITH_ROOT, 'remotes.json');
  fs.writeFileSync(remotesConfig, `${JSON.stringify({ monolith: '' })}\n`);
  return { APPS_ROOT: MONOLITH_ROOT, REMOTES_CONFIG: remotesConfig };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { appsRoot, seconds } = buildMonolith();
  console.log(
    `Monolith built in ${seconds.toFixed(1)} s: ${path.join(appsRoot, 'shell', 'dist')}` +
      ` (serve with APPS_ROOT=${appsRoot})`,
  );
}
