// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Architecture boundaries (DEVELOPERS.md): only src/main imports `electron`;
// the renderer never imports main-process code (it talks over the typed IPC contract);
// shared code imports neither.
const electronOnlyInShell = {
  name: 'electron',
  message: 'Only src/main may import electron; pass what you need in as a dependency.',
};
const mainPatterns = ['**/main/**', '**/sandbox/**', '**/cli/**', '**/preload/**'];

// The store (src/core/history) is one folder per capability, each with an index.ts as its public
// face (docs/internals/store-layout.md): the rest of the app imports the store's own index.ts,
// a store folder imports another folder's index.ts, never its files, and tests may import a
// folder's index.ts. Expressed with ESLint's own no-restricted-imports, as regex patterns on the
// import path (no plugin, no resolver): imports here are all relative, so where a file sits says
// which paths reach too deep. A worker's entry file is named by its path (?modulePath).
const appStoreImport = {
  regex: String.raw`^(\.\./)+(main/)?store/(?![^?]*\?modulePath$)`,
  message: 'Outside src/core/history, import the store from its index.ts (src/core/history) only.',
};
const testStoreImport = {
  regex: String.raw`(^|/)main/store/[^/]+/`,
  message: 'Tests import a store folder through its index.ts (src/core/history/<folder>), never its files.',
};
/** The imports a file `depth` folders below src/core/history may not make. */
function storeFolderImports(depth) {
  const up = String.raw`\.\./`.repeat(depth - 1);
  return [
    {
      regex: String.raw`^${up}\.\./[^./][^/]*/`,
      message: "Import another store folder through its index.ts ('../<folder>'), never its files.",
    },
    {
      regex: String.raw`^${up}\.\.(/index)?$`,
      message: "Import the store folder you need, not the store's index.ts (it imports every folder).",
    },
    {
      regex: depth === 1 ? String.raw`^\.(/index)?$` : String.raw`^\.\.(/index)?$`,
      message: "Inside a store folder, import its files directly, not the folder's own index.ts.",
    },
  ];
}
const mainSidePatterns = [
  { group: ['**/renderer/**'], message: 'Main-side code never imports the renderer.' },
];

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
      // electron-vite (and vite) bundle a TypeScript config into a temporary .mjs beside it and
      // delete it: .ci/run lints while the app builds, and a file listed then gone failed lint.
      '**/*.config.ts.*.mjs',
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
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell], patterns: [testStoreImport] }],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appStoreImport] }] },
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
    ignores: ['src/main/**', 'src/core/history/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: [...mainSidePatterns, appStoreImport] },
      ],
    },
  },
  {
    files: ['src/core/history/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            ...mainSidePatterns,
            {
              regex: String.raw`^\./[^/]+/`,
              message: "The store's index.ts re-exports folders' index.ts only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/history/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: [...mainSidePatterns, ...storeFolderImports(1)] },
      ],
    },
  },
  {
    files: ['src/core/history/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: [...mainSidePatterns, ...storeFolderImports(2)] },
      ],
    },
  },
  prettier,
);
