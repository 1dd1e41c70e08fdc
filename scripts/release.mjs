#!/usr/bin/env node
// npm run release -- <remote>: builds only that remote into deploy/remotes/<remote>/<version>/
// and switches the live configuration to it. Nothing else is built; the shell is untouched.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, assertRemote, deployDir, hashFolder, switchTo, withLock } from './releases.mjs';

async function main() {
  const name = process.argv[2];
  assertRemote(name);
  const pkg = JSON.parse(
    fs.readFileSync(path.join(ROOT, `remote-${name}`, 'package.json'), 'utf8'),
  );
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `release-${name}-`));
  console.log(`Building ${name} ${pkg.version}…`);
  const build = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', out], {
    cwd: path.join(ROOT, `remote-${name}`),
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    fs.rmSync(out, { recursive: true, force: true });
    throw new Error(`The ${name} build failed: the live version is unchanged.`);
  }
  const version = `${pkg.version}-${hashFolder(out)}`;
  const target = path.join(deployDir(), 'remotes', name, version);
  await withLock(() => {
    if (!fs.existsSync(target)) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Copied under a temporary name and renamed: a version folder is complete or absent.
      const staging = `${target}.staging-${String(process.pid)}`;
      fs.cpSync(out, staging, { recursive: true });
      fs.renameSync(staging, target);
    }
    switchTo(name, version);
  });
  fs.rmSync(out, { recursive: true, force: true });
  console.log(`${name} ${version} is live.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
