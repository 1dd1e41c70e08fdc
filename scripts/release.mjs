#!/usr/bin/env node
// npm run release -- <remote> [--from <version or folder>] [--preview [--hours <h>] | --canary <percent> [--hours <h>]]:
// builds only that remote, publishes it once into deploy/remotes/<remote>/<version>/ (the version
// is the package's and the build's hash: the same source builds the same files, so the same
// version) and switches the live configuration to it. Nothing else is built; the shell is
// untouched. --from names a version published before (its id, as printed and listed by
// npm run remotes) to move it without building again, or a build made elsewhere (a folder).
// --preview publishes the version without switching: it prints a link on PUBLIC_URL that makes
// the browser opening it load that version, for 72 hours or --hours.
// --canary 10 serves it to 10% of browsers (each kept in or out by a cookie the gateway signs),
// and prints links that put a browser in or out of it (signed with RELEASE_LINK_SECRET, for 72
// hours or --hours); npm run promote makes it live, npm run rollback takes it back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  CANARY_LINK_HOURS,
  ROOT,
  addPreview,
  assertRemote,
  canaryLink,
  canaryPercent,
  linkHours,
  linkSecret,
  previewLink,
  publish,
  publishedVersion,
  readHistory,
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

/** A published version's id, or a build folder (`from` holds its mf-manifest.json). */
function fromOf(name, from) {
  if (fs.existsSync(path.join(path.resolve(from), 'mf-manifest.json'))) {
    return { folder: path.resolve(from) };
  }
  return { version: publishedVersion(name, from) };
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
  if (values.hours !== undefined && !values.preview && values.canary === undefined) {
    throw new Error('--hours is how long a preview or canary link works: it goes with either.');
  }
  // Checked before anything is built.
  const percent = values.canary === undefined ? undefined : canaryPercent(values.canary);
  const hours = values.hours === undefined ? undefined : linkHours(values.hours);
  const from = values.from === undefined ? undefined : fromOf(name, values.from);
  const linkUntil = Math.floor(Date.now() / 1000) + Math.round((hours ?? CANARY_LINK_HOURS) * 3600);
  // Links to put a browser in or out of the canary, when this environment has the gateways'
  // secret to sign them with.
  const signing = percent !== undefined && process.env.RELEASE_LINK_SECRET !== undefined;
  if (signing) linkSecret();
  const links = !signing
    ? undefined
    : (version) =>
        ['in', 'out'].map((join) =>
          canaryLink({ remote: name, version, join, expires: linkUntil }),
        );
  const out = from?.version === undefined ? (from?.folder ?? build(name)) : undefined;
  const outcome = await withLock(() => {
    const published =
      out === undefined ? { version: from.version, isNew: false } : publish(name, out);
    const { version } = published;
    const live = readHistory()[name]?.live === version;
    if (values.preview) return { ...published, preview: addPreview(name, version, hours) };
    if (percent !== undefined) startCanary(name, version, percent);
    else if (!live) return { ...published, ended: switchTo(name, version) };
    return { ...published, live };
  });
  if (out !== undefined && from?.folder === undefined)
    fs.rmSync(out, { recursive: true, force: true });
  const { version } = outcome;
  console.log(
    outcome.isNew
      ? `${name} ${version} is published.`
      : `${name} ${version} was published before: the same files, the same version.`,
  );
  if (outcome.preview) {
    const until = new Date(outcome.preview.expires).toISOString();
    console.log(
      `It is not live. Its preview link, until ${until}:\n` +
        `${previewLink(outcome.preview.id)}\n` +
        `Withdraw it with: npm run rollback -- ${name} --preview ${outcome.preview.id}\n` +
        `Serve this version to 10% of browsers with: npm run release -- ${name} --from ${version} --canary 10`,
    );
  } else if (percent !== undefined) {
    const [join, leave] = links?.(version) ?? [];
    console.log(
      `It is the canary for ${String(percent)}% of browsers. ` +
        `npm run promote -- ${name} makes it live; npm run rollback -- ${name} takes it back.\n` +
        (join && leave
          ? `Put a browser in it: ${join}\nTake a browser out of it: ${leave}\n` +
            `(the links work until ${new Date(linkUntil * 1000).toISOString()})`
          : "Set RELEASE_LINK_SECRET (the gateways' value) to have links that put a browser in or out of it."),
    );
  } else if (outcome.live) {
    console.log(`It is already live: nothing changed.`);
  } else {
    const ended = outcome.ended?.length ?? 0;
    console.log(
      `It is live.${ended > 0 ? ` Its preview links (${String(ended)}) have ended: what they showed is live.` : ''}`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
