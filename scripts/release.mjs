#!/usr/bin/env node
// npm run release -- <remote> [--from <folder>] [--preview [--hours <h>] | --canary <percent>]:
// builds only that remote into deploy/remotes/<remote>/<version>/ and switches the live
// configuration to it. Nothing else is built; the shell is untouched. --from releases a build made
// before (by CI, or for another environment) as it is, without building again: the version is the
// package's and the folder's hash, as for a build made here.
// --preview publishes the version without switching: it prints a link (PUBLIC_URL's, when set)
// that makes the browser opening it load that version, for 72 hours or --hours.
// --canary 10 serves it to 10% of browsers (each kept in or out by a cookie the gateway signs);
// npm run promote makes it live, npm run rollback takes it back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ROOT,
  addPreview,
  assertRemote,
  canaryPercent,
  deployDir,
  hashFolder,
  previewLink,
  startCanary,
  switchTo,
  withLock,
} from './releases.mjs';

/** Builds the remote into a temporary folder; the caller removes it. */
function build(name) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `release-${name}-`));
  console.log(`Building ${name}…`);
  const result = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', out], {
    cwd: path.join(ROOT, `remote-${name}`),
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    fs.rmSync(out, { recursive: true, force: true });
    throw new Error(`The ${name} build failed: the live version is unchanged.`);
  }
  return out;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      preview: { type: 'boolean', default: false },
      hours: { type: 'string' },
      canary: { type: 'string' },
    },
  });
  const name = positionals[0];
  assertRemote(name);
  if (values.preview && values.canary !== undefined) {
    throw new Error('Choose --preview or --canary, not both.');
  }
  if (values.hours !== undefined && !values.preview) {
    throw new Error('--hours is how long a preview link works: it goes with --preview.');
  }
  // Checked before anything is built.
  const percent = values.canary === undefined ? undefined : canaryPercent(values.canary);
  const hours = values.hours === undefined ? undefined : Number(values.hours);
  const pkg = JSON.parse(
    fs.readFileSync(path.join(ROOT, `remote-${name}`, 'package.json'), 'utf8'),
  );
  const from = values.from === undefined ? undefined : path.resolve(values.from);
  if (from !== undefined && !fs.existsSync(path.join(from, 'mf-manifest.json'))) {
    throw new Error(`${from} holds no mf-manifest.json: it is not a build of ${name}.`);
  }
  const out = from ?? build(name);
  const version = `${pkg.version}-${hashFolder(out)}`;
  const target = path.join(deployDir(), 'remotes', name, version);
  const preview = await withLock(() => {
    if (!fs.existsSync(target)) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Copied under a temporary name and renamed: a version folder is complete or absent.
      const staging = `${target}.staging-${String(process.pid)}`;
      fs.cpSync(out, staging, { recursive: true });
      fs.renameSync(staging, target);
    }
    if (values.preview) return addPreview(name, version, hours);
    if (percent !== undefined) startCanary(name, version, percent);
    else switchTo(name, version);
    return undefined;
  });
  if (from === undefined) fs.rmSync(out, { recursive: true, force: true });
  if (preview) {
    const until = new Date(preview.expires).toISOString();
    console.log(
      `${name} ${version} is published, not live. Its preview link, until ${until}:\n` +
        `${previewLink(preview.id)}\n` +
        `Withdraw it with: npm run rollback -- ${name} --preview ${preview.id}`,
    );
  } else if (percent !== undefined) {
    console.log(
      `${name} ${version} is the canary for ${String(percent)}% of browsers. ` +
        `npm run promote -- ${name} makes it live; npm run rollback -- ${name} takes it back.`,
    );
  } else {
    console.log(`${name} ${version} is live.`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
