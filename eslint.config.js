// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Architecture boundaries (docs/internals/architecture.md): only the Electron shell (src/main,
// not its plain-Node start-up) imports `electron`; the renderer never imports main-side code (it
// talks over the typed IPC contract); shared code imports neither side; the headless engine
// (src/core) imports no shell, CLI or renderer code.
const electronOnlyInShell = {
  name: 'electron',
  message: 'Only the Electron shell (src/main) may import electron; pass what you need in as a dependency.',
};
const mainPatterns = ['**/main/**', '**/core/**', '**/sandbox/**', '**/cli/**', '**/preload/**'];

// The engine (src/core) is one room per capability, each with an index.ts as its public face.
// Most rooms are folders of folders (the history's `answers`, `codec`…; the team's `server`,
// `sync`…), each folder with an index.ts of its own: a file imports another folder's index.ts,
// never its files; a room's index.ts re-exports its folders' index.ts. The rooms in FLAT_ROOMS
// keep their files side by side. From anywhere else (another room, the shell, the CLI, the
// sandbox) a room is imported through its index.ts only; tests may reach a history folder's
// index.ts. Expressed with ESLint's own no-restricted-imports, as regex patterns on the import
// path (no plugin, no resolver): imports here are all relative, so where a file sits says which
// paths reach too deep. A worker's entry file is named by its path (?modulePath).
const FOLDER_ROOMS = [
  'history',
  'platform',
  'runs',
  'analysis',
  'crawlers',
  'outcomes',
  'positioning',
  'outputs',
  'team',
];
const FLAT_ROOMS = ['app', 'alerts', 'demo', 'mcp'];
const up = (n) => String.raw`\.\./`.repeat(n);
const outsideRoomImport = {
  regex: String.raw`^(\.\./)+core/[^/?]+/(?![^?]*\?modulePath$)`,
  message: "Import a room of the engine through its index.ts ('src/core/<room>') only.",
};
const testStoreImport = {
  regex: String.raw`(^|/)core/history/[^/]+/`,
  message: 'Tests import a history folder through its index.ts (src/core/history/<folder>), never its files.',
};
/** What a file `depth` folders below its room's folder may not import of other rooms and of src/core. */
function otherRoomImports(depth) {
  return [
    {
      regex: String.raw`^${up(depth + 1)}[^./][^/]*/`,
      message: "Import another room through its index.ts ('../<room>'), never its files or folders.",
    },
    {
      regex: String.raw`^${up(depth)}\.\.(/index)?$`,
      message: "Import the room you need, not the engine's own index.ts (it imports every room).",
    },
  ];
}
/** What a file `depth` (1 or more) folders below a folder room's folder may not import of its own room. */
function roomFolderImports(depth) {
  return [
    {
      regex: String.raw`^${up(depth)}[^./][^/]*/`,
      message: "Import another folder of the room through its index.ts ('../<folder>'), never its files.",
    },
    {
      regex: String.raw`^${up(depth - 1)}\.\.(/index)?$`,
      message: "Import the folder you need, not the room's index.ts (it imports every folder).",
    },
    {
      regex: depth === 1 ? String.raw`^\.(/index)?$` : String.raw`^${up(depth - 2)}\.\.(/index)?$`,
      message: "Inside a room's folder, import its files directly, not the folder's own index.ts.",
    },
  ];
}
const mainSidePatterns = [
  { group: ['**/renderer/**'], message: 'Main-side code never imports the renderer.' },
];
const engineSidePatterns = [
  ...mainSidePatterns,
  {
    group: ['**/main/**', '**/cli/**'],
    message: 'The engine (src/core) never imports the shell or the CLI.',
  },
];
/** One config block: the patterns `files` may not import (electron always among them). */
const restrict = (files, patterns, extra = {}) => ({
  files,
  ...extra,
  rules: { 'no-restricted-imports': ['error', { paths: [electronOnlyInShell], patterns }] },
});
/** The engine's rules, folder depth by folder depth (src/core is at most four folders deep). */
const engineRules = [
  restrict(['src/core/index.ts'], [...engineSidePatterns]),
  restrict(
    FOLDER_ROOMS.map((room) => `src/core/${room}/index.ts`),
    [
      ...engineSidePatterns,
      { regex: String.raw`^\./[^/]+/`, message: "A room's index.ts re-exports its folders' index.ts only." },
    ],
  ),
  restrict(
    FLAT_ROOMS.map((room) => `src/core/${room}/*.ts`),
    [...engineSidePatterns, ...otherRoomImports(0)],
  ),
  ...[1, 2, 3].map((depth) =>
    restrict(
      FOLDER_ROOMS.map((room) => `src/core/${room}/${'*/'.repeat(depth)}*.ts`),
      [...engineSidePatterns, ...otherRoomImports(depth), ...roomFolderImports(depth)],
    ),
  ),
  ...[1, 2, 3].map((depth) =>
    restrict(
      FLAT_ROOMS.map((room) => `src/core/${room}/${'*/'.repeat(depth)}*.ts`),
      [...engineSidePatterns, ...otherRoomImports(depth)],
    ),
  ),
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
      // TypeScript reports what is declared and never read in its files (noUnusedLocals and
      // noUnusedParameters in tsconfig.base.json, `npm run typecheck`): the rule stays for the
      // JavaScript files, which no tsconfig checks.
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell] }],
    },
  },
  {
    // A thread terminated while it is inside better-sqlite3 (loading its addon, a query, a close)
    // aborts the whole process (WiseLibs/better-sqlite3#1507): threads that open a database are
    // asked to end themselves (export-json-worker.ts, table-worker.ts, the re-score's cancel).
    // A terminate() stays only where the thread never opens one or has finished with it, said
    // beside it in an eslint-disable comment.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='terminate'][arguments.length=0]",
          message:
            'Terminating a thread inside better-sqlite3 aborts the process: ask it to end itself, or say why it never opens a database.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
  // The shell (src/main, electron allowed in its own files), the CLI and the sandbox: rooms by
  // their index.ts only.
  restrict(
    ['src/main/**/*.ts', 'src/cli/**/*.ts', 'src/sandbox/**/*.ts'],
    [...mainSidePatterns, outsideRoomImport],
  ),
  {
    files: ['src/main/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...mainSidePatterns, outsideRoomImport] }] },
  },
  ...engineRules,
  prettier,
);
