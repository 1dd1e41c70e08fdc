// node --test: a small remote built with createAppConfig (production, unminified, in a folder of
// its own under node_modules/.cache), checked for what the build relies on in
// @module-federation/enhanced and webpack: the bundler runtime swapped for the shell's, the exposed
// modules in one chunk, the installed versions in its manifest, the shared modules' type; and
// that the same source builds the same files, wherever the remote and its build are.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import tooling from '../index.js';
import startupPreload from '../startupPreload.js';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const BORROW = path.join(here, 'borrowBundlerRuntime.mjs');
const { BUNDLER_RUNTIME_ENTRY, createAppConfig, manifestData } = tooling;

/** Shared packages and the versions installed for the workspace. */
const INSTALLED = Object.fromEntries(
  ['react', 'react-dom', 'react-router-dom'].map((pkg) => [
    pkg,
    require(`${pkg}/package.json`).version,
  ]),
);

let dir = '';
/** Copies of the probe's source in other folders, built as a release builds them. */
const copies = [];
/** @type {import('webpack').Compilation} */
let compilation;

/** The probe remote's source in `folder`. */
function writeProbe(folder) {
  fs.mkdirSync(path.join(folder, 'src'));
  fs.writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({ name: 'probe-remote', version: '0.0.0', dependencies: INSTALLED }),
  );
  fs.writeFileSync(
    path.join(folder, 'src', 'A.js'),
    "import { Link } from 'react-router-dom';\nimport { useState } from 'react';\nexport default () => [Link, useState];\n",
  );
  fs.writeFileSync(
    path.join(folder, 'src', 'B.js'),
    "import { useState } from 'react';\nexport default () => useState;\n",
  );
  // A page shown alone, using a module of an exposed one.
  fs.writeFileSync(
    path.join(folder, 'src', 'P.js'),
    "import B from './B.js';\nexport default () => [B, 'page'];\n",
  );
}

/** The probe remote's options (but its folder). */
const PROBE = {
  name: 'probe',
  port: 0,
  exposes: { './A': './src/A.js', './B': './src/B.js' },
  pages: { './P': './src/P.js' },
};

/** Runs a build; answers its stats. */
async function build(config) {
  const stats = await new Promise((resolve, reject) => {
    webpack(config).run((err, result) => (err ? reject(err) : resolve(result)));
  });
  assert.ok(stats, 'webpack returned no stats');
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  return stats;
}

before(async () => {
  fs.mkdirSync(path.join(root, 'node_modules', '.cache'), { recursive: true });
  dir = fs.mkdtempSync(path.join(root, 'node_modules', '.cache', 'tooling-remote-'));
  writeProbe(dir);
  const config = createAppConfig({ dir, ...PROBE })({}, { mode: 'production' });
  config.devtool = false;
  config.optimization = { ...config.optimization, minimize: false };
  compilation = (await build(config)).compilation;
});

after(() => {
  for (const folder of [dir, ...copies]) {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
});

/** Every file under `folder`: its path in the folder -> its bytes. */
function filesOf(folder) {
  return new Map(
    fs
      .readdirSync(folder, { recursive: true })
      .map(String)
      .filter((file) => fs.statSync(path.join(folder, file)).isFile())
      .sort()
      .map((file) => [file, fs.readFileSync(path.join(folder, file))]),
  );
}

/** The files of the modules the build holds. */
const moduleFiles = () =>
  new Set([...compilation.modules].map((module) => module.nameForCondition()).filter(Boolean));

test("a remote starts on the shell's bundler runtime: the package's ./bundler export is swapped out", () => {
  const files = moduleFiles();
  assert.ok(
    files.has(BORROW) && !files.has(BUNDLER_RUNTIME_ENTRY),
    `A remote's build no longer swaps ${BUNDLER_RUNTIME_ENTRY} for federation/borrowBundlerRuntime.mjs, ` +
      'so every remote entry carries its own bundler runtime (+15 KB compressed). ' +
      "@module-federation/enhanced's generated entry no longer imports the file " +
      '`@module-federation/webpack-bundler-runtime/bundler` resolves to: see how its ' +
      'FederationRuntimePlugin imports the bundler runtime and update BUNDLER_RUNTIME_ENTRY in ' +
      'tooling/index.js.',
  );
});

test("a remote bundles none of the federation's error codes: the shell's runtime, which it borrows, has them", () => {
  const bundled = [...moduleFiles()].filter((file) =>
    file.includes(`${path.sep}@module-federation${path.sep}error-codes${path.sep}`),
  );
  assert.deepEqual(
    bundled,
    [],
    "A remote's build bundles @module-federation/error-codes again (1.2 KB of descriptions in " +
      'every remote entry): the alias to false in tooling/index.js no longer applies, or the ' +
      'package moved.',
  );
});

test('the exposed modules share one chunk, "exposed"', () => {
  const chunk = compilation.namedChunks.get('exposed');
  const files = chunk
    ? compilation.chunkGraph.getChunkModules(chunk).map((module) => module.nameForCondition())
    : [];
  for (const file of ['A.js', 'B.js']) {
    assert.ok(
      files.includes(path.join(dir, 'src', file)),
      `src/${file} is not in the "exposed" chunk: openedByExposes (tooling/index.js) no longer ` +
        "recognises the chunks the container's exposes open (a child group of the entrypoint " +
        'named after the container, opened by an exposed request).',
    );
  }
});

test('pages keep their own module in a chunk each and share one chunk, "pages", of the rest', () => {
  const filesOf = (chunkName) => {
    const chunk = compilation.namedChunks.get(chunkName);
    return chunk
      ? compilation.chunkGraph
          .getChunkModules(chunk)
          .map((module) => module.nameForCondition())
          .filter(Boolean)
      : [];
  };
  assert.deepEqual(filesOf('__federation_expose_P'), [path.join(dir, 'src', 'P.js')]);
  // A page loads none of the first screens' file: what it shares with them, it has a copy of.
  assert.deepEqual(filesOf('pages'), [path.join(dir, 'src', 'B.js')]);
  assert.ok(!filesOf('exposed').includes(path.join(dir, 'src', 'P.js')));
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8'));
  const filesFor = (expose) =>
    manifest.exposes.find((entry) => entry.name === expose)?.assets.js.sync.join(' ') ?? '';
  assert.match(filesFor('A'), /^exposed\.\w+\.js$/);
  assert.match(filesFor('P'), /pages\.\w+\.js/);
  assert.doesNotMatch(filesFor('P'), /exposed/);
});

test("the remote's manifest reports each shared package's installed version", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'mf-manifest.json'), 'utf8'));
  const reported = Object.fromEntries(manifest.shared.map(({ name, version }) => [name, version]));
  for (const [pkg, version] of Object.entries(INSTALLED)) {
    if (pkg === 'react-dom') continue; // the probe imports no react-dom
    assert.equal(
      reported[pkg],
      version,
      `mf-manifest.json reports ${pkg} ${String(reported[pkg])}, installed is ${version}: ` +
        'see manifestData in tooling/index.js.',
    );
  }
});

test('a consumed shared module has the type runsAtStartup looks for', () => {
  assert.ok(
    [...compilation.modules].some((module) => module.type === startupPreload.CONSUMED),
    `No module of type "${startupPreload.CONSUMED}" in a remote that consumes shared packages: ` +
      '@module-federation/enhanced names its shared modules differently now; update PROVIDED and ' +
      'CONSUMED in tooling/startupPreload.js.',
  );
});

test('the same source builds byte-identical files, whatever folder the remote and its output are in', () => {
  // Two builds as a release makes them (webpack's command in the remote's folder, production,
  // written elsewhere than dist/), of the same source in two folders of the repository.
  const folders = [0, 1].map(() => fs.mkdtempSync(path.join(root, '.probe-remote-')));
  copies.push(...folders);
  const outputs = folders.map((folder) => {
    writeProbe(folder);
    fs.writeFileSync(
      path.join(folder, 'webpack.config.js'),
      `module.exports = require(${JSON.stringify(path.join(here, '..', 'index.js'))}).createAppConfig(${JSON.stringify(PROBE)});`.replace(
        '{',
        '{ dir: __dirname, ',
      ),
    );
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'tooling-release-'));
    copies.push(out);
    const cli = require.resolve('webpack-cli/bin/cli.js');
    const built = spawnSync(process.execPath, [cli, '--mode', 'production', '--output-path', out], {
      cwd: folder,
      encoding: 'utf8',
    });
    assert.equal(built.status, 0, built.stdout + built.stderr);
    return filesOf(out);
  });
  const [first, second] = outputs;
  assert.deepEqual([...second.keys()], [...first.keys()]);
  for (const [file, bytes] of first) {
    assert.ok(bytes.equals(second.get(file)), `${file} differs between two builds of one source`);
    // No file names a folder of this machine (a source map's sources, a module's name).
    for (const folder of [root, os.tmpdir()]) {
      assert.equal(bytes.includes(folder), false, `${file} names ${folder}`);
    }
  }
});

test("the federation stats list each shared package's users in one order, whatever order the build met them in", () => {
  const stats = (usedIn) => ({
    shared: [{ name: 'react', version: '0.0.0', usedIn }],
    exposes: [],
  });
  const data = manifestData({ react: { version: '19.0.0' } });
  const orders = [
    ['./TrustStrip', './Header', './PromoBanner'],
    ['./Header', './PromoBanner', './TrustStrip'],
  ].map((usedIn) => JSON.stringify(data({ stats: stats(usedIn) })));
  assert.equal(orders[0], orders[1]);
  assert.deepEqual(JSON.parse(orders[0]).shared[0].usedIn, [
    './Header',
    './PromoBanner',
    './TrustStrip',
  ]);
});
