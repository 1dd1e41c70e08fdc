// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import appModules from './tooling/appModules.js';
import pageContract from './tooling/pageContract.js';

/** The remotes' federation names, from the page contract (header, …); remote-<name> is the package. */
const REMOTE_NAMES = pageContract.remoteNames();
const REMOTES = REMOTE_NAMES.map((name) => `remote-${name}`);

/**
 * The domains the teams own, each in its remote: the remotes' names, and the subscription
 * packages that remote-cart sells with the cart.
 */
const DOMAINS = [...REMOTE_NAMES, 'subscription'];

/** The source files ESLint reads, for the blocks that match folders. */
const SOURCES = '*.{ts,tsx,js,jsx,mjs,cjs}';

/** Test files, and a package's helpers for its tests. */
const TESTS = ['**/*.test.{ts,tsx}', '**/src/testSupport.ts'];

/**
 * A package's private files: a routine upgrade may move them without notice. Every block that
 * restricts imports repeats this pattern, since a later block's list replaces an earlier one's.
 */
const PRIVATE_FILES = {
  group: ['**/dist/**', '**/internal/**', '**/node_modules/**'],
  message:
    "Import a package's documented entry points, not its dist/, internal/ or node_modules/ files.",
};

/** The apps on the page: the host and the remotes. */
const APPS = ['shell', ...REMOTES];

/** shared-store's public entry (and for tests its test helpers): nothing deeper, by no path. */
function sharedStoreEntries({ test }) {
  return {
    group: ['shared-store/*', '**/shared-store/src/**', ...(test ? ['!shared-store/testing'] : [])],
    message: test
      ? "Import from 'shared-store' or 'shared-store/testing' only."
      : "Import from 'shared-store' only.",
  };
}

/** One validator for data from outside, in the browser and on the server alike. */
const ONE_VALIDATOR = {
  name: 'zod',
  message: 'Schemas are written with valibot, as everywhere else in the storefront.',
};

/** The server, the stand-in backend and the end-to-end tests: no code on the page reaches them. */
const OFF_THE_PAGE = {
  group: ['gateway', 'sample-backend', 'e2e'],
  message: "The page's code does not import the server's, the sample backend's or the e2e tests'.",
};

/** The host, from a remote: remotes meet it in shared-store and on the event bus. */
const THE_SHELL = {
  group: ['shell'],
  message: 'The shell is the host: a remote meets it in shared-store and on the event bus.',
};

/**
 * Another team's remote, from an app that is not it: its package and folder are its own (any
 * path into them), and of its federation modules (`cart/…`) only those its webpack.config.js
 * exposes may be imported.
 */
function otherRemote(name) {
  const exposed = appModules.exposedIds(path.join(import.meta.dirname, `remote-${name}`));
  return [
    {
      group: [`remote-${name}`],
      message: `remote-${name} is another team's: import what it exposes (${exposed.join(', ')}), or meet it on the event bus.`,
    },
    {
      group: [`${name}/**`, ...exposed.map((id) => `!${id}`)],
      message: `remote-${name} exposes only ${exposed.join(', ')} (its webpack.config.js): the rest is that team's own.`,
    },
  ];
}

/** The apps, as shared-store would reach them: by package, path or federation module. */
const NO_APP_IN_CORE = {
  group: [...APPS, ...REMOTE_NAMES.map((name) => `${name}/**`)],
  message:
    'shared-store is the platform core every app builds on: it imports no remote and not the shell. Take what it needs from an app as an argument, or meet on the event bus.',
};

/**
 * The same boundary for `import('…')`, which no-restricted-imports does not read: no other app's
 * package or folder.
 */
function noAppImportedLater(others) {
  return {
    selector: `ImportExpression > Literal[value=/^(?:\\.{1,2}\\/)*(?:${others.join('|')})(?:\\/|$)/]`,
    message: `Another app (${others.join(', ')}) is reached only through what it exposes, not by its package or folder.`,
  };
}

/**
 * The apps, as tooling would reach them: by package or path. Every app builds with tooling, so it
 * imports none of them; the bench, which builds their source into one bundle, is a workspace of
 * its own (bench/).
 */
const NO_APP_IN_TOOLING = {
  group: [...APPS, ...APPS.map((app) => `${app}/**`), ...APPS.map((app) => `**/${app}/**`)],
  message:
    'tooling builds every app: it imports none. What needs an app (the bench) lives outside it.',
};

/** The same boundary for CommonJS's `require('…')`, which no-restricted-imports does not read. */
const NO_APP_REQUIRED = {
  selector: `CallExpression[callee.name='require'] > Literal[value=/^(?:\\.{1,2}\\/)*(?:${APPS.join('|')})(?:\\/|$)/]`,
  message: NO_APP_IN_TOOLING.message,
};

/**
 * Shared packages the apps get only a few exports of (tooling/shared/): what each file exports is
 * all an app may import from that package, since a missing one would be undefined at run time.
 */
const SHARED_ENTRIES = {
  'react-router-dom': await import('./tooling/shared/react-router-dom.mjs'),
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'deploy/**',
      '.reports/**',
      'tooling/**/*.d.ts',
    ],
  },
  js.configs.recommended,
  {
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [PRIVATE_FILES],
          // The gateway and the sample backend; the apps' entries below say the same.
          paths: [ONE_VALIDATOR],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Backend text is often '' where it means "none": `||` is the intended operator there.
      '@typescript-eslint/prefer-nullish-coalescing': [
        'error',
        { ignorePrimitives: { string: true } },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'shared-store/src/**/*.ts', 'shell/src/**/*.ts', 'remote-*/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  {
    files: [
      'shell/src/**/*.{ts,tsx}',
      'remote-*/src/**/*.{ts,tsx}',
      'shared-store/src/**/*.{ts,tsx}',
    ],
    // Server renderers are built without federation (tooling's createServerConfig): they share
    // nothing, and take what they need of a package.
    ignores: [
      '**/*.test.{ts,tsx}',
      'shared-store/src/testing/**',
      'remote-*/src/server/**',
      'shell/src/server/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: Object.entries(SHARED_ENTRIES).map(([name, entry]) => ({
            name,
            allowImportNames: Object.keys(entry),
            allowTypeImports: true,
            message: `The apps share only part of ${name}: add the export to tooling/shared/ first.`,
          })),
        },
      ],
    },
  },
  {
    // Tests (and a package's helpers for its tests) may also use shared-store's test helpers.
    files: TESTS,
    // The gateway's tests, like the gateway, may also use shared-store's Node entry.
    ignores: ['gateway/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [PRIVATE_FILES, sharedStoreEntries({ test: true })] },
      ],
    },
  },
  // Boundaries. Each team's code is its remote's own: another app reaches it only through what the
  // remote exposes (its webpack.config.js), or on the event bus. shared-store is the platform
  // core every app builds on: it reaches no app, and no team's domain lives in it. The store is
  // reached through shared-store's typed hooks only. Tests keep the boundaries too.
  ...APPS.flatMap((pkg) => {
    const apart = [
      PRIVATE_FILES,
      OFF_THE_PAGE,
      ...REMOTES.filter((other) => other !== pkg).flatMap((other) =>
        otherRemote(other.replace(/^remote-/, '')),
      ),
      ...(pkg === 'shell' ? [] : [THE_SHELL]),
    ];
    const later = ['error', noAppImportedLater(APPS.filter((other) => other !== pkg))];
    return [
      {
        files: [`${pkg}/src/**/${SOURCES}`],
        ignores: TESTS,
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [...apart, sharedStoreEntries({ test: false })],
              paths: [
                ONE_VALIDATOR,
                {
                  name: 'react-redux',
                  importNames: ['useSelector', 'useDispatch', 'useStore'],
                  message: "Use shared-store's useAppSelector / useAppDispatch.",
                },
              ],
            },
          ],
          'no-restricted-syntax': later,
        },
      },
      {
        files: TESTS.map((pattern) => `${pkg}/${pattern}`),
        rules: {
          'no-restricted-imports': [
            'error',
            { patterns: [...apart, sharedStoreEntries({ test: true })] },
          ],
          'no-restricted-syntax': later,
        },
      },
    ];
  }),
  {
    files: [`tooling/**/${SOURCES}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [PRIVATE_FILES, NO_APP_IN_TOOLING], paths: [ONE_VALIDATOR] },
      ],
      'no-restricted-syntax': ['error', noAppImportedLater(APPS), NO_APP_REQUIRED],
    },
  },
  {
    files: [`shared-store/src/**/${SOURCES}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [PRIVATE_FILES, OFF_THE_PAGE, NO_APP_IN_CORE] },
      ],
      'no-restricted-syntax': ['error', noAppImportedLater(APPS)],
    },
  },
  {
    files: [
      `shared-store/src/features/**/${SOURCES}`,
      ...DOMAINS.map((domain) => `shared-store/src/**/${domain}/**/${SOURCES}`),
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        noAppImportedLater(APPS),
        {
          selector: 'Program',
          message: `Domain code lives in the remote that owns it (${REMOTES.join(', ')}; subscriptions are remote-cart's), not in shared-store: move the file there and expose what other apps need.`,
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
);
