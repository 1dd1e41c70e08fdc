// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import pageContract from './tooling/pageContract.js';

/** The remotes' packages, from the page contract (remote-header, …). */
const REMOTES = pageContract.remoteNames().map((name) => `remote-${name}`);

/**
 * A package's private files: a routine upgrade may move them without notice. Every block that
 * restricts imports repeats this pattern, since a later block's list replaces an earlier one's.
 */
const PRIVATE_FILES = {
  group: ['**/dist/**', '**/internal/**', '**/node_modules/**'],
  message:
    "Import a package's documented entry points, not its dist/, internal/ or node_modules/ files.",
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
    rules: { 'no-restricted-imports': ['error', { patterns: [PRIVATE_FILES] }] },
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
  // Boundaries: one public entry per package; remotes never import each other; the store is
  // reached through shared-store's typed hooks only.
  ...['shell', ...REMOTES].map((pkg) => ({
    files: [`${pkg}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            PRIVATE_FILES,
            { group: ['shared-store/*'], message: "Import from 'shared-store' only." },
            {
              group: [...REMOTES.filter((r) => r !== pkg), 'shell', '../../*'],
              message: 'Remotes and the shell meet in shared-store and on the event bus.',
            },
          ],
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch', 'useStore'],
              message: "Use shared-store's useAppSelector / useAppDispatch.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: [
      'shell/src/**/*.{ts,tsx}',
      'remote-*/src/**/*.{ts,tsx}',
      'shared-store/src/**/*.{ts,tsx}',
    ],
    // Server renderers are built without federation (tooling's createServerConfig): they share
    // nothing, and take what they need of a package.
    ignores: ['**/*.test.{ts,tsx}', 'shared-store/src/testing/**', 'remote-*/src/server/**'],
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
    files: ['**/*.test.{ts,tsx}', '**/src/testSupport.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [PRIVATE_FILES, { group: ['shared-store/*', '!shared-store/testing'] }] },
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
