#!/usr/bin/env node
// npm run remotes: for each remote, what is live (and the version a rollback goes to), what is in
// canary at what share, and which previews are open, with their links: a row per version in
// service (remoteRows), printed as a table of COLUMNS; then real visitors' figures (health.mjs).
import { healthLines } from './health.mjs';
import { REMOTES, deployDir, remoteRows } from './releases.mjs';

/** The table's columns: a title and the cell of a row. */
const COLUMNS = [
  { title: 'remote', cell: (row) => row.remote },
  { title: 'serves', cell: (row) => row.role },
  { title: 'version', cell: (row) => row.version },
  { title: 'share', cell: (row) => row.share },
  { title: '', cell: (row) => row.note },
];

/** Rows as a table: each column as wide as its widest cell. */
function table(rows, columns) {
  const cells = [
    columns.map((column) => column.title),
    ...rows.map((row) => columns.map((column) => column.cell(row))),
  ];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  return cells
    .map((line) =>
      line
        .map((cell, index) => cell.padEnd(widths[index]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

console.log(table(remoteRows(), COLUMNS));
// Real visitors' figures: live, the canary against it and its verdict, a rollback the gateways made.
for (const name of REMOTES) {
  const lines = healthLines(deployDir(), name);
  if (lines.length > 0) console.log(`\n${name}\n  ${lines.join('\n  ')}`);
}
