// ESLint for the backend package, the examples and the bench (web/ has its own config).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'web/**',
      'mock-core/**',
      'target/**',
      '**/node_modules/**',
      '**/dist/**',
      'packages/*/core/**',
      'examples/*/test-results/**',
      'examples/test-results/**',
      'examples/*/public/mockServiceWorker.js',
      'bench/out/**',
    ],
  },
  {
    files: ['packages/**/*.{ts,js,mjs}', 'examples/**/*.{ts,js,mjs}', 'bench/**/*.{ts,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The bench measures the built site from outside, and the package through its public exports.
    files: ['bench/**/*.{ts,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)web(/|$)',
              message: 'bench/ imports nothing from web/: it measures the built site (web/dist-bench-prod).',
            },
            {
              regex: '(^|/)packages/|^@murmur/backend/(src|dist|core)/',
              message: "The package's measurements use its public exports: @murmur/backend, /node, /testing.",
            },
          ],
        },
      ],
    },
  },
);
