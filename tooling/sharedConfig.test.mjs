// node --test: the `shared` section every app is built with (tooling/index.js sharedConfig) names,
// for each shared package, the version installed for the apps: what the shell provides and what a
// remote's mf-manifest.json reports.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import tooling from './index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'remote-header', 'remote-footer', 'remote-home', 'remote-cart'];

/** The version in node_modules/<pkg>/package.json, as npm installed it for the workspace. */
function installed(pkg) {
  const file = path.join(root, 'node_modules', pkg, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

for (const app of APPS) {
  test(`${app}: every shared package is shared under its installed version`, () => {
    const dir = path.join(root, app);
    const { dependencies } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const fallbacks of [true, false]) {
      const shared = tooling.sharedConfig(dependencies, { fallbacks, from: dir });
      assert.deepEqual(Object.keys(shared), tooling.SINGLETONS);
      for (const [key, config] of Object.entries(shared)) {
        const pkg = key.replace(/\/$/, '');
        assert.match(config.version, /^\d+\.\d+\.\d+(-[\w.]+)?$/, `${key}: not a version`);
        assert.equal(config.version, installed(pkg), `${key}: not the installed version`);
      }
    }
  });
}

test("a shared package missing from an app's dependencies fails the build, naming it", () => {
  assert.throws(() => tooling.sharedConfig({ react: '19.3.1', 'react-dom': '19.3.1' }), {
    message: 'tooling: "react-router-dom" must be a dependency of every federated app',
  });
});
