// node --test: the lint rules that keep each team's code its own (eslint.config.mjs). shared-store,
// the platform core, imports no app and holds no team's domain; tooling, which builds every app,
// imports none; an app reaches another remote only through what that remote's webpack.config.js
// exposes. Small snippets are linted as if they were files of the package, with the repository's
// configuration; the files need not exist.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import appModules from './appModules.js';
import pageContract from './pageContract.js';

const root = path.resolve(import.meta.dirname, '..');

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.mjs'),
  // The boundaries need no types: a snippet at a path no tsconfig holds yet is linted without them.
  overrideConfig: tseslint.configs.disableTypeChecked,
});

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** What the boundary rules say of `code` as the file `file` (relative to the repository). */
async function boundaryMessages(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  assert.ok(result, `ESLint linted nothing for ${file}`);
  const fatal = result.messages.filter((message) => message.fatal);
  assert.deepEqual(fatal, [], `${file} did not parse`);
  return result.messages
    .filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId))
    .map((message) => message.message);
}

/** Asserts that the boundary rules report `code` in `file` with a message matching `expected`. */
async function assertReported(file, code, expected) {
  const messages = await boundaryMessages(file, code);
  assert.ok(
    messages.some((message) => expected.test(message)),
    `${file}: expected ${String(expected)} for ${JSON.stringify(code)}, got ${JSON.stringify(messages)}`,
  );
}

async function assertAllowed(file, code) {
  assert.deepEqual(await boundaryMessages(file, code), [], `${file}: ${JSON.stringify(code)}`);
}

const importOf = (source) => `import thing from '${source}';\nexport default thing;\n`;
const laterImportOf = (source) => `export const later = () => import('${source}');\n`;

const exposedBy = (name) => appModules.exposedIds(path.join(root, `remote-${name}`));

test('shared-store imports no remote, by package, path or federation module', async () => {
  const core = 'shared-store/src/store/newCoreModule.ts';
  const platformCore = /shared-store is the platform core/;
  for (const name of pageContract.remoteNames()) {
    await assertReported(core, importOf(`remote-${name}`), platformCore);
    await assertReported(core, importOf(`remote-${name}/src/anything`), platformCore);
    await assertReported(core, importOf(`../../../remote-${name}/src/anything`), platformCore);
    await assertReported(core, importOf(`${name}/model`), platformCore);
    for (const id of exposedBy(name)) await assertReported(core, importOf(id), platformCore);
    await assertReported(
      core,
      laterImportOf(`remote-${name}/src/anything`),
      /reached only through what it exposes/,
    );
  }
});

test('shared-store imports not the shell', async () => {
  const core = 'shared-store/src/lib/newHelper.ts';
  await assertReported(core, importOf('shell'), /shared-store is the platform core/);
  await assertReported(
    core,
    importOf('../../../shell/src/App'),
    /shared-store is the platform core/,
  );
  await assertReported(
    core,
    laterImportOf('shell/src/App'),
    /reached only through what it exposes/,
  );
});

test('shared-store holds no domain folder: its files are an error there', async () => {
  const domainCode = /Domain code lives in the remote that owns it/;
  for (const file of [
    'shared-store/src/features/cart/cartSlice.ts',
    'shared-store/src/features/login/loginSlice.ts',
    'shared-store/src/cart/model.ts',
    'shared-store/src/store/subscription/slice.ts',
    ...pageContract.remoteNames().map((name) => `shared-store/src/${name}/reads.ts`),
  ]) {
    await assertReported(file, 'export const rule = 1;\n', domainCode);
  }
  await assertAllowed('shared-store/src/store/newCoreModule.ts', 'export const rule = 1;\n');
});

test('a remote imports another remote only through a module it exposes', async () => {
  const [name, other] = pageContract.remoteNames();
  assert.ok(name && other, 'the page contract names fewer than two remotes');
  const exposed = exposedBy(other);
  for (const file of [`remote-${name}/src/NewThing.tsx`, `remote-${name}/src/NewThing.test.tsx`]) {
    await assertReported(file, importOf(`remote-${other}`), /is another team's/);
    await assertReported(file, importOf(`remote-${other}/src/anything`), /is another team's/);
    await assertReported(file, importOf(`../../remote-${other}/src/anything`), /is another team's/);
    await assertReported(file, laterImportOf(`remote-${other}/src/anything`), /exposes/);
    await assertReported(file, importOf(`${other}/notExposed`), /exposes only/);
    await assertReported(file, importOf(`${other}/components/anything`), /exposes only/);
    for (const id of exposed) await assertAllowed(file, importOf(id));
  }
});

test('the shell imports a remote only through a module it exposes', async () => {
  const file = 'shell/src/NewThing.tsx';
  for (const name of pageContract.remoteNames()) {
    await assertReported(file, importOf(`remote-${name}/src/anything`), /is another team's/);
    await assertReported(file, importOf(`../../remote-${name}/src/anything`), /is another team's/);
    await assertReported(file, importOf(`${name}/notExposed`), /exposes only/);
    for (const id of exposedBy(name)) await assertAllowed(file, importOf(id));
  }
});

test('a remote imports not the shell', async () => {
  const [name] = pageContract.remoteNames();
  const file = `remote-${name}/src/NewThing.tsx`;
  await assertReported(file, importOf('shell/src/App'), /The shell is the host/);
  await assertReported(file, importOf('../../shell/src/App'), /The shell is the host/);
  await assertReported(file, laterImportOf('shell/src/App'), /reached only through/);
});

test('tooling imports no app, by package or path, as an import or a require', async () => {
  const helper = 'tooling/newHelper.js';
  const module = 'tooling/newHelper.mjs';
  const buildsEveryApp = /tooling builds every app/;
  for (const app of ['shell', ...pageContract.remoteNames().map((name) => `remote-${name}`)]) {
    await assertReported(helper, `module.exports = require('${app}');\n`, buildsEveryApp);
    await assertReported(
      helper,
      `module.exports = require('../${app}/webpack.config.js');\n`,
      buildsEveryApp,
    );
    await assertReported(module, importOf(`${app}/src/anything`), buildsEveryApp);
    await assertReported(module, importOf(`../${app}/src/anything`), buildsEveryApp);
    await assertReported(module, laterImportOf(`../${app}/src/anything`), /Another app/);
  }
  await assertAllowed(helper, "module.exports = require('./startupPreload');\n");
  await assertAllowed(module, importOf('shared-store'));
});

test('an app reaches shared-store through its entry: not its files, by name or by path', async () => {
  const file = 'shell/src/NewThing.tsx';
  await assertReported(
    file,
    importOf('shared-store/src/store/makeStore'),
    /from 'shared-store' only/,
  );
  await assertReported(
    file,
    importOf('../../shared-store/src/lib/money'),
    /from 'shared-store' only/,
  );
  await assertAllowed(file, importOf('shared-store'));
  await assertReported(file, importOf('shared-store/testing'), /from 'shared-store' only/);
  await assertAllowed('shell/src/NewThing.test.tsx', importOf('shared-store/testing'));
});

test("the page's code does not import the server's, the sample backend's or the e2e tests'", async () => {
  for (const file of ['shell/src/NewThing.tsx', 'shared-store/src/lib/newHelper.ts']) {
    await assertReported(file, importOf('../../gateway/src/config'), /not import the server's/);
    await assertReported(file, importOf('sample-backend'), /not import the server's/);
  }
});

test("a package's private files, react-redux's raw hooks and unshared router exports stay out", async () => {
  const file = 'remote-cart/src/NewThing.tsx';
  await assertReported(file, importOf('react-dom/dist/anything'), /documented entry points/);
  await assertReported(
    file,
    "import { useSelector } from 'react-redux';\nexport const use = useSelector;\n",
    /useAppSelector/,
  );
  const [result] = await eslint.lintText(
    "import { unstable_HistoryRouter } from 'react-router-dom';\nexport const R = unstable_HistoryRouter;\n",
    { filePath: path.join(root, file) },
  );
  assert.ok(
    result?.messages.some((message) => /share only part of react-router-dom/.test(message.message)),
    JSON.stringify(result?.messages),
  );
});
