#!/usr/bin/env node
// The size budget: the compressed (gzip) JavaScript and CSS each app's build ships must stay
// within budget.json. Raising a budget is a deliberate edit of that one file.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const budget = JSON.parse(fs.readFileSync(path.join(root, 'budget.json'), 'utf8'));

function gzipSizeOf(dir) {
  let bytes = 0;
  for (const file of fs.readdirSync(dir, { recursive: true }).map(String)) {
    if (!/\.(js|css)$/.test(file)) continue;
    bytes += zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;
  }
  return bytes;
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
console.log(`Compressed JavaScript and CSS per build (gzip):\n${rows.join('\n')}`);
if (over > 0) {
  console.error(
    `${String(over)} budget(s) exceeded: shrink the change, or raise budget.json on purpose.`,
  );
  process.exit(1);
}
