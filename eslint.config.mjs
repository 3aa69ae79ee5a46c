// The one ESLint configuration: the web app, the backend package, the
// examples, the bench and the scripts. It keeps each part's boundaries:
// - web/src: imports flow one way, app → features → shared (api, components,
//   lib); features do not import each other; no import cycles;
// - nothing under web/ reaches into bench/ or the package's private source,
//   and the bench reaches the package only through its public exports;
// - the package's browser code never imports Node's modules, and its
//   devtools panel and seed generator are reached only through their lazy
//   entries (a dynamic import), so a visitor never downloads them.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB = './web/src';
const FEATURES = readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = [`${WEB}/api`, `${WEB}/components`, `${WEB}/lib`];
const APP_CODE = [`${WEB}/app`, `${WEB}/features`, ...SHARED];

const betweenFeatures = FEATURES.map((feature) => ({
  target: `${WEB}/features/${feature}`,
  from: `${WEB}/features`,
  except: [`./${feature}`],
  message:
    'Features do not import each other: move what they share to components/, lib/ or api/, or compose them in app/.',
}));
const layers = [
  {
    target: [`${WEB}/features`, ...SHARED],
    from: `${WEB}/app`,
    message: 'Imports flow one way: app → features → shared.',
  },
  { target: SHARED, from: `${WEB}/features`, message: 'Shared code (api, components, lib) does not import features.' },
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: `${WEB}/api`,
    message: 'components/ and lib/ sit below the API module.',
  },
];
const noTestHelpers = { target: APP_CODE, from: `${WEB}/testing`, message: 'Test helpers are for tests.' };
/** The last visit (what a return visit shows first) is one module: the rest of the app reaches it through its index. */
const LAST_VISIT = `${WEB}/features/last-visit`;
const lastVisitInternals = {
  target: WEB,
  from: LAST_VISIT,
  except: ['./index.ts'],
  message: "Only features/last-visit itself knows what it stores: import its index ('features/last-visit').",
};

const NO_HTML = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: 'Never render user text as HTML.',
};
/** A hook for tests (`restoreAgainForTests`, `__resetForTest`) ships to every visitor: tests drive the public API instead. */
const TEST_HOOK = /(For|In)_?Tests?$|^__/;
const NO_TEST_HOOKS = ['FunctionDeclaration', 'VariableDeclarator', 'ClassDeclaration'].map((node) => ({
  selector: `ExportNamedDeclaration > ${node === 'VariableDeclarator' ? 'VariableDeclaration > ' : ''}${node} > Identifier.id[name=${TEST_HOOK}]`,
  message: 'No test hook in the shipped app: a test drives what a visitor or the app does (a new store, a new page).',
}));

/** What web/ and bench/ may not reach: each other, and the package's files behind its exports. */
const PRIVATE_PACKAGE = {
  group: ['**/packages/murmur-backend/**', '@murmur/backend/src/**', '@murmur/backend/dist/**'],
  message: "Use the package's public exports (@murmur/backend, /node, /protocol, /testing, ...), never its files.",
};
const NO_BENCH = {
  group: ['**/bench/**'],
  message: 'The app and its tests do not import the bench: bench/ measures them from outside.',
};
const NO_WEB = { group: ['**/web/**'], message: 'The bench does not import the web app: it builds and serves it.' };

/** The state directory of the HTTP server: Node's file system, beside the browser's IndexedDB store. */
const NODE_ONLY_PERSISTENCE = [
  'packages/murmur-backend/src/persistence/fileStore.ts',
  'packages/murmur-backend/src/persistence/directoryLock.ts',
  'packages/murmur-backend/src/persistence/stateFile.ts',
  'packages/murmur-backend/src/persistence/durableFile.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'target/**',
      'mock-core/**',
      'packages/*/core/**',
      'web/src/api/types/**',
      '**/public/mockServiceWorker.js',
      'bench/out/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The examples are React apps too (examples/webpack), and reach the package only through its exports.
    files: ['web/**/*.{ts,tsx,js}', 'examples/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', NO_HTML],
      'no-restricted-imports': ['error', { patterns: [PRIVATE_PACKAGE, NO_BENCH] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...betweenFeatures, ...layers, noTestHelpers, lastVisitInternals] },
      ],
    },
  },
  {
    // Inside the last visit's module, its files import each other.
    files: [`${LAST_VISIT.slice(2)}/**/*.{ts,tsx}`],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...betweenFeatures, ...layers, noTestHelpers] }],
    },
  },
  {
    // The start-up (app/startup) starts the backend package; the app reaches it through lib/backendGate, and shares only its protocol.
    files: APP_CODE.map((dir) => `${dir.slice(2)}/**/*.{ts,tsx}`),
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/app/startup/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@murmur/backend',
              message: 'The app reaches the backend through lib/backendGate (app/startup starts it).',
            },
            { name: '@murmur/backend/node', message: 'The Node server is for tests.' },
          ],
          patterns: [PRIVATE_PACKAGE, NO_BENCH],
        },
      ],
    },
  },
  {
    // What ships: no hook for tests.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', NO_HTML, ...NO_TEST_HOOKS] },
  },
  {
    // Tests wire things together (a store, the real core): only the feature boundary binds them, and the last visit's.
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...betweenFeatures, lastVisitInternals] }] },
  },
  {
    // The last visit's own tests read its files.
    files: [`${LAST_VISIT.slice(2)}/**/*.test.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: betweenFeatures }] },
  },
  {
    files: ['bench/**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PRIVATE_PACKAGE, NO_WEB] }] },
  },
  {
    // The package's browser code runs in pages: Node's modules are for its Node and HTTP entries and its tests.
    files: ['packages/murmur-backend/src/**/*.ts'],
    ignores: [
      'packages/murmur-backend/src/**/*.test.ts',
      'packages/murmur-backend/src/node/**',
      'packages/murmur-backend/src/http/**',
      'packages/murmur-backend/src/**/testing.ts',
      ...NODE_ONLY_PERSISTENCE,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: "Browser code never imports Node's modules: put it under node/ or http/." },
            {
              group: [
                '**/node/*',
                '**/http/*',
                '**/fileStore*',
                '**/directoryLock*',
                '**/stateFile*',
                '**/durableFile*',
              ],
              message: 'Browser code never imports the Node and HTTP entries or the on-disk store.',
            },
          ],
        },
      ],
    },
  },
  {
    // The devtools panel and the seed generator are chunks of their own: the rest of the package reaches them with import().
    files: ['packages/murmur-backend/src/**/*.ts'],
    ignores: [
      'packages/murmur-backend/src/**/*.test.ts',
      'packages/murmur-backend/src/devtools/**',
      'packages/murmur-backend/src/generate/**',
      // Node loads what it needs at once: no visitor downloads the HTTP server.
      'packages/murmur-backend/src/http/**',
      'packages/murmur-backend/src/node/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/devtools/*',
                '!**/devtools/context*',
                '**/generateSeed*',
                '**/generate/*',
                '!**/generate/options*',
              ],
              allowTypeImports: true,
              message:
                'The devtools panel and the seed generator load lazily: reach them with import(), never statically.',
            },
          ],
        },
      ],
    },
  },
);
