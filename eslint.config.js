// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Architecture boundaries (DEVELOPERS.md): only src/main/electron imports `electron`;
// the renderer never imports main-process code (it talks over the typed IPC contract);
// shared code imports neither.
const electronOnlyInShell = {
  name: 'electron',
  message: 'Only src/main/electron may import electron; pass what you need in as a dependency.',
};
const mainPatterns = ['**/main/**', '**/sandbox/**', '**/cli/**', '**/preload/**'];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'bench-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell] }],
    },
  },
  {
    files: ['src/main/electron/**/*.ts', 'src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/unit/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            {
              group: mainPatterns,
              message: 'The renderer talks to main only through window.parallax (src/shared/ipc).',
            },
            { group: ['node:*'], message: 'The renderer is a sandboxed web page: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            { group: mainPatterns, message: 'src/shared is used by both sides: it imports neither.' },
            { group: ['**/renderer/**'], message: 'src/shared is used by both sides: it imports neither.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/cli/**/*.ts', 'src/sandbox/**/*.ts'],
    ignores: ['src/main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [{ group: ['**/renderer/**'], message: 'Main-side code never imports the renderer.' }],
        },
      ],
    },
  },
  prettier,
);
