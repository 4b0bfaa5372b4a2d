// ESLint flat config: type-aware typescript-eslint rules, and a guard that keeps the engine free of Node APIs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'scripts/', 'eslint.config.js', 'packages/*/dist/', 'packages/web/build.mjs', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // node:test's test() returns a promise that the runner itself awaits.
    files: ['test/**/*.ts', 'packages/*/test/**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
  {
    // The engine must run in a browser unchanged: only the CLI, bench, tests and file readers touch node:*.
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**', 'src/node/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'os', 'worker_threads'], message: 'The core must stay environment-free (see DESIGN).' }] }],
    },
  },
);
