// ESLint for the backend package and the examples (web/ has its own config).
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
    ],
  },
  {
    files: ['packages/**/*.{ts,js,mjs}', 'examples/**/*.{ts,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
