import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// One-way imports: app → features → shared (api, components, lib). Features
// do not import each other; shared pieces move to components/, lib/ or api/
// (the one API module). Test helpers live in testing/.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['./src/api', './src/components', './src/lib'];
const APP_CODE = ['./src/app', './src/features', ...SHARED];

const betweenFeatures = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message:
    'Features do not import each other: move what they share to components/, lib/ or api/, or compose them in app/.',
}));
const layers = [
  {
    target: ['./src/features', ...SHARED],
    from: './src/app',
    message: 'Imports flow one way: app → features → shared.',
  },
  { target: SHARED, from: './src/features', message: 'Shared code (api, components, lib) does not import features.' },
  {
    target: ['./src/components', './src/lib'],
    from: './src/api',
    message: 'components/ and lib/ sit below the API module.',
  },
];
const noTestHelpers = { target: APP_CODE, from: './src/testing', message: 'Test helpers are for tests.' };

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'test-results', 'playwright-report', 'src/api/types'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Never render user text as HTML.',
        },
        {
          selector:
            'ImportDeclaration[source.value=/(^|\\/)bench(\\/|$)/], ImportExpression[source.value=/(^|\\/)bench(\\/|$)/]',
          message: 'web/ imports nothing from bench/: the bench measures the built site from outside.',
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...betweenFeatures, ...layers, noTestHelpers] }],
    },
  },
  {
    // main.tsx starts the backend package; the app reaches it through lib/backendGate, and shares only its protocol.
    files: APP_CODE.map((dir) => `${dir.slice(2)}/**/*.{ts,tsx}`),
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@murmur/backend',
              message: 'The app reaches the backend through lib/backendGate (main.tsx starts it).',
            },
            { name: '@murmur/backend/node', message: 'The Node server is for tests.' },
          ],
        },
      ],
    },
  },
  {
    // Tests wire things together (a store, the real core): only the feature boundary binds them.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: betweenFeatures }] },
  },
);
