// node --test: shared-store holds what at least two teams use. Every export of its entries
// (`shared-store`, src/index.ts; `shared-store/server`, src/server.ts) is imported by a non-test
// file of at least two other packages, through either entry, or is part of the platform core
// (PLATFORM, each part with why); what one team alone uses lives in that team's package and
// ships with it. Read from the sources with TypeScript's parser: the
// entries' export declarations, and every package's imports, re-exports, `require`s and
// `import()` types of the two entries.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

/** The import specifier of each entry and its file in shared-store. */
const ENTRIES = { 'shared-store': 'src/index.ts', 'shared-store/server': 'src/server.ts' };

/**
 * Exports no import shows a use of, each with why it stays.
 * @type {Record<string, string>}
 */
const EXCEPTIONS = {
  TeamSlices:
    'each team adds its slices to the page state type by declaration merging (`declare module`), which no import names',
};

/**
 * The platform core that one package wires today (the guide's and docs/ARCHITECTURE.md's
 * shared-store: store factory, persistence, session, bus, reader, contract types, money, links,
 * sanitizing): what every team needs stays here with one user, each part with why. A name on it
 * that gains a second user, or goes, fails the test below until it is taken off.
 * @type {Record<string, readonly string[]>}
 */
const PLATFORM = {
  'the store factory, and the one copy of Redux Toolkit every team builds its slices with (the toolkit is not a federation singleton: a team importing it would bring a second)':
    [
      'makeStore',
      'AppStore',
      'RootState',
      'addMiddleware',
      'createSlice',
      'createListenerMiddleware',
      'original',
      'useAppStore',
      'useModel',
      'MountOptions',
    ],
  'persistence and the session every tab joins': [
    'onStoredStateChanged',
    'StoredState',
    'KeyValueStorage',
    'joinSession',
    'SessionParticipant',
    'SESSION_EXPIRED_QUERY',
    'isIosApp',
  ],
  'the bus': ['EventBus', 'BusEventOf', 'askToOpenCart'],
  'consent, and the campaign ids an order carries': [
    'readConsent',
    'saveConsent',
    'Consent',
    'captureCampaignIds',
  ],
  'money: one rounding for every price and total': [
    'roundMoney',
    'sumLines',
    'addMoney',
    'subtractMoney',
    'MAX_PRICE',
  ],
  'links: one address for each page': ['courseByIdPath', 'COURSE_ID_PARAM'],
  'the reader: reads served in the page, read ahead, at hand': [
    'PageRead',
    'prefetchRead',
    'readAtHand',
    'takePreloadedStamp',
  ],
  "WordPress's text as plain text and as the page's head, and its HTML sanitized": [
    'useHeadText',
    'useShownText',
    'DEFAULT_DESCRIPTION',
    'metaDescription',
    'wpRendered',
    'createHtmlSanitizer',
    'HtmlSanitizer',
    'SanitizerOrigins',
    'servedKey',
  ],
  'the contract between the shell and the remotes': [
    'SHARED_STORE_VERSION',
    'BARE_IN_APP_ROUTES',
    'LayoutSlot',
    'PackageChoice',
  ],
};

/**
 * Exports one team alone uses that have not moved yet: each goes to the package that uses it, or
 * stops being exported, and leaves this list. Those left are typed by a value shared-store keeps
 * for other teams (SubscriptionTier by SUBSCRIPTION_TIERS, HomePage by homePage) or used by its
 * own analytics (examOf, ItemList).
 */
const NOT_YET_MOVED = ['SubscriptionTier', 'HomePage', 'examOf', 'ItemList'];

/** Every name the two lists above hold. */
const LISTED = [...Object.values(PLATFORM).flat(), ...NOT_YET_MOVED];

/** What the check lets through today: the exceptions, the platform core and the names not yet moved. */
const ALLOWED = {
  ...EXCEPTIONS,
  ...Object.fromEntries(
    Object.entries(PLATFORM).flatMap(([why, names]) => names.map((name) => [name, why])),
  ),
  ...Object.fromEntries(NOT_YET_MOVED.map((name) => [name, 'not yet moved'])),
};

const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const TEST_FILE = /\.(?:test|spec)\.[^.]+$/;
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);

/** The non-test source files under `dir`, skipping `except` (absolute paths) and build output. */
function sourceFiles(dir, except = new Set()) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name) || except.has(full)) continue;
    if (entry.isDirectory()) files.push(...sourceFiles(full, except));
    else if (SOURCE.test(entry.name) && !TEST_FILE.test(entry.name)) files.push(full);
  }
  return files;
}

function parse(file) {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The module file a relative specifier names. */
function resolved(from, specifier) {
  const base = path.join(path.dirname(from), specifier);
  const candidates = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending);
  return candidates.find((file) => fs.existsSync(file)) ?? base;
}

/**
 * Where `name`, exported by `module`, is declared: a module that re-exports it from another
 * (`export { name } from './other'`) passes it on.
 */
function declaredIn(module, name) {
  if (!fs.existsSync(module)) return { module, name };
  for (const statement of parse(module).statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
    const element = statement.exportClause.elements.find((e) => e.name.text === name);
    const from = statement.moduleSpecifier.text;
    if (element && from.startsWith('.')) {
      return declaredIn(resolved(module, from), (element.propertyName ?? element.name).text);
    }
  }
  return { module, name };
}

/**
 * What an entry file exports: each name with what it is, `<module>#<name>` (a re-exported name
 * by the module and name it comes from, so one thing exported under two names is one thing).
 */
function exportsOf(file) {
  const found = [];
  const local = (name) => ({ name, origin: `${file}#${name}`, module: file });
  for (const statement of parse(file).statements) {
    if (ts.isExportDeclaration(statement)) {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        throw new Error(`${file}: \`export *\` hides what the entry exports; name each export`);
      }
      const from = statement.moduleSpecifier?.text;
      for (const element of statement.exportClause.elements) {
        const name = element.name.text;
        const own = (element.propertyName ?? element.name).text;
        if (!from) {
          found.push(local(name));
        } else {
          const origin = from.startsWith('.')
            ? declaredIn(resolved(file, from), own)
            : { module: from, name: own };
          found.push({ name, origin: `${origin.module}#${origin.name}`, module: origin.module });
        }
      }
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          found.push(local(declaration.name.getText()));
        }
      } else if (statement.name) {
        found.push(local(statement.name.text));
      }
    }
  }
  return found;
}

/** The names `file` takes from the entries, whichever way it takes them. */
function namesImportedBy(file) {
  /** @type {Map<string, [string, string]>} */
  const names = new Map();
  const take = (specifier, name) => names.set(`${specifier} ${name}`, [specifier, name]);
  const isEntry = (node) =>
    node && ts.isStringLiteralLike(node) && Object.hasOwn(ENTRIES, node.text);
  const fromBinding = (specifier, binding) => {
    if (binding && ts.isObjectBindingPattern(binding)) {
      for (const element of binding.elements) {
        take(specifier, (element.propertyName ?? element.name).getText());
      }
    } else {
      throw new Error(`${file}: takes a whole entry; name what it uses`);
    }
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && isEntry(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) {
        throw new Error(`${file}: \`import * as\` an entry; name what it uses`);
      }
      for (const element of clause?.namedBindings?.elements ?? []) {
        take(node.moduleSpecifier.text, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(node) && isEntry(node.moduleSpecifier)) {
      for (const element of node.exportClause?.elements ?? []) {
        take(node.moduleSpecifier.text, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isImportTypeNode(node) && isEntry(node.argument.literal)) {
      if (node.qualifier) take(node.argument.literal.text, node.qualifier.getText().split('.')[0]);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      isEntry(node.arguments[0])
    ) {
      let holder = node.parent;
      if (ts.isAwaitExpression(holder)) holder = holder.parent;
      fromBinding(
        node.arguments[0].text,
        ts.isVariableDeclaration(holder) ? holder.name : undefined,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return names.values();
}

/**
 * Each export of shared-store's entries with the packages whose non-test files import it, through
 * either entry (the workspaces but shared-store, and the root's scripts), and the packages that
 * import anything of its module.
 * @param {string} dir the repository
 */
function usersOfEntryExports(dir) {
  const pkg = (folder) => JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const folders = pkg(dir).workspaces.map((folder) => path.join(dir, folder));
  const core = folders.find((folder) => pkg(folder).name === 'shared-store');
  const packages = [
    ...folders.filter((folder) => folder !== core).map((folder) => [pkg(folder).name, folder]),
    [`${pkg(dir).name} (root)`, dir],
  ];
  const exported = Object.entries(ENTRIES).map(([specifier, file]) => ({
    specifier,
    names: exportsOf(path.join(core, file)),
  }));
  /** @type {Map<string, Set<string>>} origin or module -> packages */
  const usedBy = new Map();
  const use = (key, user) => {
    if (!usedBy.has(key)) usedBy.set(key, new Set());
    usedBy.get(key).add(user);
  };
  for (const [user, folder] of packages) {
    const except = folder === dir ? new Set(folders) : undefined;
    for (const file of sourceFiles(folder, except)) {
      for (const [specifier, name] of namesImportedBy(file)) {
        const found = exported
          .find((entry) => entry.specifier === specifier)
          .names.find((exportedName) => exportedName.name === name);
        if (!found) continue;
        use(found.origin, user);
        use(found.module, user);
      }
    }
  }
  const usersOf = (key) => [...(usedBy.get(key) ?? [])].sort();
  return exported.flatMap(({ specifier, names }) =>
    names.map(({ name, origin, module }) => ({
      name,
      entry: specifier,
      users: usersOf(origin),
      moduleUsers: usersOf(module),
    })),
  );
}

/**
 * One line per export with fewer than two users, naming its one user. The Node entry is the
 * gateway's and the build scripts' way into modules the page's code uses too (the backend's
 * shapes, the page contract, the consent cookie): a name of it passes when its module has two
 * users through either entry.
 */
function exportsWithFewerThanTwoUsers(dir, exceptions = ALLOWED) {
  return usersOfEntryExports(dir)
    .filter(({ name }) => !Object.hasOwn(exceptions, name))
    .filter(({ entry, users, moduleUsers }) =>
      entry === 'shared-store/server' ? moduleUsers.length < 2 : users.length < 2,
    )
    .map(({ name, entry, users, moduleUsers }) => {
      const judged = entry === 'shared-store/server' ? moduleUsers : users;
      const by = judged.length ? `used by ${judged[0]} only` : 'used by no package';
      return `${name} (${entry}): ${by}`;
    });
}

test("every export of shared-store's entries is used by at least two packages", () => {
  const lonely = exportsWithFewerThanTwoUsers(root);
  assert.deepEqual(
    lonely,
    [],
    `Move each to the package that uses it, or stop exporting it:\n${lonely.join('\n')}`,
  );
});

test('each exception is still an export of an entry', () => {
  const exported = new Set(usersOfEntryExports(root).map(({ name }) => name));
  for (const name of Object.keys(EXCEPTIONS)) assert.ok(exported.has(name), name);
});

test('each export of the platform core or not yet moved is still exported, and used by one package only', () => {
  const lonely = new Set(
    exportsWithFewerThanTwoUsers(root, EXCEPTIONS).map((line) => line.split(' ')[0]),
  );
  const done = LISTED.filter((name) => !lonely.has(name));
  assert.deepEqual(done, [], 'moved or shared now: take these off PLATFORM or NOT_YET_MOVED');
  assert.equal(new Set(LISTED).size, LISTED.length, 'a name is listed twice');
});

// The check on a small repository of its own: it must fail, naming the export and its one user.
let fixture = '';

before(() => {
  fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-users-'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    fs.writeFileSync(path.join(fixture, file), text);
  };
  const manifest = (name, extra = {}) => JSON.stringify({ name, ...extra });
  write('package.json', manifest('shop', { workspaces: ['core', 'team-a', 'team-b', 'gate'] }));
  write('core/package.json', manifest('shared-store'));
  write(
    'core/src/index.ts',
    [
      "export { both, onlyA } from './lib';",
      'export type { Shape } from "./types";',
      'export const unused = 1;',
      'export function inTestsOnly() {}',
      '',
    ].join('\n'),
  );
  write('core/src/server.ts', "export { both, serverAndA } from './lib';\n");
  write('team-a/package.json', manifest('team-a'));
  write(
    'team-a/src/a.ts',
    "import { both, onlyA, type Shape } from 'shared-store';\nimport { serverAndA } from 'shared-store/server';\n",
  );
  write('team-b/package.json', manifest('team-b'));
  write('team-b/src/b.tsx', "export { both as again } from 'shared-store';\n");
  write('team-b/src/b.test.ts', "import { onlyA, inTestsOnly } from 'shared-store';\n");
  write('gate/package.json', manifest('gate'));
  write(
    'gate/src/main.ts',
    "const { serverAndA } = require('shared-store/server');\ntype S = import('shared-store').Shape;\n",
  );
});

after(() => {
  if (fixture) fs.rmSync(fixture, { recursive: true, force: true });
});

test('an export one package alone imports fails the check, named with its one user', () => {
  assert.deepEqual(exportsWithFewerThanTwoUsers(fixture, {}), [
    'onlyA (shared-store): used by team-a only',
    'unused (shared-store): used by no package',
    'inTestsOnly (shared-store): used by no package',
  ]);
});

test('an export used through either entry, in any form of import, by two packages passes', () => {
  const users = Object.fromEntries(
    usersOfEntryExports(fixture).map(({ name, entry, users }) => [`${entry} ${name}`, users]),
  );
  assert.deepEqual(users['shared-store both'], ['team-a', 'team-b']);
  assert.deepEqual(users['shared-store Shape'], ['gate', 'team-a']);
  assert.deepEqual(users['shared-store/server serverAndA'], ['gate', 'team-a']);
});

test('an exception is not reported', () => {
  assert.ok(
    !exportsWithFewerThanTwoUsers(fixture, { onlyA: 'a reason' }).some((line) =>
      line.startsWith('onlyA '),
    ),
  );
});
