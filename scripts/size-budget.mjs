#!/usr/bin/env node
// The size budget, in budget.json (raising a budget is a deliberate edit of that one file):
// - the compressed (gzip) JavaScript and CSS each app's build ships;
// - the JavaScript a phone downloads for the home page, as the gateway serves it (brotli): the
//   shell's entry and the files its page preloads, the remotes' code the gateway hints for "/"
//   (their entries and the modules the page shows). The footer's code comes only once the visitor
//   scrolls near the footer (the shell's LayoutSlotBelow): it is reported beside, not counted;
// - each remote's entry as served (brotli): it runs on the shell's federation runtime, so an entry
//   that brings a copy of its own again is caught here.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const budget = JSON.parse(fs.readFileSync(path.join(root, 'budget.json'), 'utf8'));
const require = createRequire(import.meta.url);

function gzipSizeOf(dir) {
  let bytes = 0;
  for (const file of fs.readdirSync(dir, { recursive: true }).map(String)) {
    // server/ holds a remote's server renderers, which never reach a browser.
    if (!/\.(js|css)$/.test(file) || file.startsWith(`server${path.sep}`)) continue;
    bytes += zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;
  }
  return bytes;
}

/** A file as served to a browser that accepts brotli: its .br copy when the build made one. */
function servedSize(file) {
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
}

async function homePageScripts() {
  const {
    createManifestReader,
    localFolderOf,
    pageRequest,
    remoteCodeFor,
  } = require('../gateway/dist/page/remoteHints.js');
  const { readPageContract, remoteNamesOf } = require('shared-store/server');
  const { defaultRemotesConfig } = require('../gateway/dist/page/remotesConfig.js');
  const shellDir = path.join(root, 'shell', 'dist');
  const contract = await readPageContract(shellDir);
  const names = remoteNamesOf(contract);
  const page = fs.readFileSync(path.join(shellDir, 'index.html'), 'utf8');
  const shell = [
    ...page.matchAll(/<script[^>]* src="\/([^"]+\.js)"/g),
    ...page.matchAll(/<link rel="preload" as="script" href="\/([^"]+\.js)"/g),
  ].map((match) => path.join(shellDir, match[1]));
  const reader = createManifestReader(
    localFolderOf(names, root, path.join(root, 'deploy', 'remotes')),
  );
  const code = remoteCodeFor(
    contract,
    defaultRemotesConfig(names),
    pageRequest(contract, '/'),
    reader,
  );
  const fileOf = (url) => {
    const [, name, file] = /^\/remotes\/([a-z]+)\/(.+)$/.exec(url);
    return path.join(root, `remote-${name}`, 'dist', file);
  };
  return { onLoad: [...shell, ...code.scripts.map(fileOf)], nearFooter: code.later.map(fileOf) };
}

let over = 0;
let total = 0;
const rows = [];
for (const [app, limitKb] of Object.entries(budget.apps)) {
  const dir = path.join(root, app, 'dist');
  if (!fs.existsSync(dir)) {
    console.error(`${app}/dist is missing: run "npm run build" first.`);
    process.exit(1);
  }
  const kb = gzipSizeOf(dir) / 1024;
  total += kb;
  const ok = kb <= limitKb;
  if (!ok) over += 1;
  rows.push(
    `${ok ? 'ok  ' : 'OVER'} ${app.padEnd(14)} ${kb.toFixed(1).padStart(7)} KB of ${String(limitKb)} KB`,
  );
}
const totalOk = total <= budget.totalKb;
if (!totalOk) over += 1;
rows.push(
  `${totalOk ? 'ok  ' : 'OVER'} ${'total'.padEnd(14)} ${total.toFixed(1).padStart(7)} KB of ${String(budget.totalKb)} KB`,
);
const entryRows = [];
for (const app of Object.keys(budget.apps).filter((name) => name.startsWith('remote-'))) {
  const kb = servedSize(path.join(root, app, 'dist', 'remoteEntry.js')) / 1024;
  const ok = kb <= budget.remoteEntryKb;
  if (!ok) over += 1;
  entryRows.push(
    `${ok ? 'ok  ' : 'OVER'} ${app.padEnd(14)} ${kb.toFixed(1).padStart(7)} KB of ${String(budget.remoteEntryKb)} KB`,
  );
}
const { onLoad: scripts, nearFooter } = await homePageScripts();
const kbOf = (files) => files.reduce((sum, file) => sum + servedSize(file), 0) / 1024;
const homeKb = kbOf(scripts);
const homeOk = homeKb <= budget.homePageJsKb;
if (!homeOk) over += 1;
console.log(`Compressed JavaScript and CSS per build (gzip):\n${rows.join('\n')}`);
console.log(`Each remote's entry, remoteEntry.js (brotli):\n${entryRows.join('\n')}`);
console.log(
  `JavaScript the home page loads (brotli, ${String(scripts.length)} files):\n` +
    `${homeOk ? 'ok  ' : 'OVER'} ${'home page'.padEnd(14)} ${homeKb.toFixed(1).padStart(7)} KB of ${String(budget.homePageJsKb)} KB\n` +
    `     ${'near the footer'.padEnd(14)} ${kbOf(nearFooter).toFixed(1).padStart(7)} KB more (${String(nearFooter.length)} files, when the visitor scrolls to it)`,
);
if (over > 0) {
  console.error(
    `${String(over)} budget(s) exceeded: shrink the change, or raise budget.json on purpose.`,
  );
  process.exit(1);
}
