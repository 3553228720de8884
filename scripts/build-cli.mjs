#!/usr/bin/env node
// @ts-check
// Bundles the headless CLI (src/cli) into out/cli with esbuild, so `parallax` starts without
// compiling TypeScript: run by `npm run build`, `npm run build:cli` and at `npm install`
// (prepare). bin/parallax.mjs runs the bundle only while no source is newer (bin/built-cli.mjs).
//
// Two passes. The first bundles a small program that registers every command module of
// src/cli/commands/index.ts and prints what the root help needs of each command (the
// manifest, src/cli/command-manifest.ts). The second bundles the CLI's entry with that manifest
// and one dynamic import per command module: with code splitting each module (and what only
// it needs: ExcelJS, the MCP SDK, the sandbox, sanitize-html...) is a chunk of its own, loaded
// only by the command that needs it. npm packages are bundled too (resolving them file by
// file is most of a plain start), except the native ones (and ExcelJS), which stay external.

import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUILD_INFO_FILE, CLI_OUT_DIR } from '../bin/built-cli.mjs';
import {
  directEngineImports,
  lazyPackages,
  sideEffectFreeSources,
  zodUsedExports,
} from './cli-bundle-plugins.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI_SRC = join(ROOT, 'src', 'cli');
const COMMANDS_INDEX = join(CLI_SRC, 'commands', 'index.ts');
/**
 * Native addons (and Electron) cannot be bundled: they load from node_modules as they are
 * (DuckDB, for `db export --format parquet`, too).
 * ExcelJS is loaded only by the XLSX writers, so bundling it would gain no start time, and its
 * zip library's Buffer() calls warn when they no longer come from node_modules. node-postgres
 * (pg) is loaded only by the team commands; bundled, its CommonJS classes lose their base class
 * ("Class extends value #<Object>"), so it loads from node_modules as it is; pg-native, its
 * optional native binding, is never installed. playwright-core (a report printed to PDF by the
 * system's Chromium) finds its own files through __dirname, which a bundle has not; so do
 * Google's API clients (their protos and package files), loaded only by `outcomes connect|pull`.
 */
const EXTERNAL = [
  'better-sqlite3',
  '@napi-rs/keyring',
  'electron',
  'exceljs',
  'pg',
  'pg-native',
  '@duckdb/node-api',
  'playwright-core',
  '@google-analytics/data',
  '@googleapis/searchconsole',
  'google-auth-library',
];
/**
 * Old chunks are kept this long, so a CLI started before a rebuild can still load its own (a
 * command module loads its network side only when it goes online, `parallax mcp` may run all day).
 */
/**
 * Worker threads, each an entry of its own beside chunks/ (src/cli/export-worker.ts and
 * src/cli/positioning-worker.ts find them): the JSON export's, the analysis export's second
 * thread, and the positioning re-score's judge threads.
 */
const WORKERS = [
  { source: 'src/core/history/exports/export-json-worker.ts', name: 'export-json-worker' },
  { source: 'src/core/outputs/db-export/table-worker.ts', name: 'db-export-worker' },
  { source: 'src/core/positioning/positioning/positioning-worker.ts', name: 'positioning-worker' },
];
const KEEP_OLD_CHUNKS_MS = 24 * 60 * 60 * 1000;

// Bundled CommonJS packages call require() for Node built-ins and the external natives.
const REQUIRE_SHIM =
  "import { createRequire as __parallaxCreateRequire } from 'node:module';\n" +
  'const require = __parallaxCreateRequire(import.meta.url);';

/**
 * The command modules as src/cli/commands/index.ts imports them: `import { registerX } from './x';`.
 * Any module imported another way is caught by the manifest pass (describeCommandModules).
 * @returns {Array<{ id: string; file: string }>}
 */
function commandImports() {
  const text = readFileSync(COMMANDS_INDEX, 'utf8');
  const found = [...text.matchAll(/^import \{ (register\w+) \} from '(\.\/[\w./-]+)';$/gm)];
  return found.map((m) => ({ id: /** @type {string} */ (m[1]), file: /** @type {string} */ (m[2]) }));
}

/** @param {Array<{ id: string; file: string }>} imports */
function manifestEntrySource(imports) {
  return [
    "import { commandModules } from './commands/index';",
    "import { describeCommandModules } from './command-manifest';",
    "import { createRootProgram } from './root-program';",
    ...imports.map((m, i) => `import { ${m.id} as m${i} } from './commands/${m.file.slice(2)}';`),
    `const named = [${imports.map((m, i) => `['${m.id}', m${i}]`).join(', ')}];`,
    'const ctx = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, json: false };',
    'const manifest = describeCommandModules(() => createRootProgram(ctx), commandModules, named, ctx);',
    'process.stdout.write(JSON.stringify(manifest));',
  ].join('\n');
}

/**
 * @param {Array<{ id: string; file: string }>} imports
 * @param {unknown} manifest
 */
function cliEntrySource(imports, manifest) {
  return [
    "import { runAsProcess } from './process-entry';",
    "import { runLazyCli } from './lazy-program';",
    `const manifest = ${JSON.stringify(manifest)};`,
    'const loaders = {',
    ...imports.map((m) => `  ${m.id}: () => import('./commands/${m.file.slice(2)}').then((m) => m.${m.id}),`),
    '};',
    'await runAsProcess((argv, ctx) => runLazyCli(argv, ctx, manifest, loaders));',
  ].join('\n');
}

/**
 * An entry point whose source is generated here, resolved from src/cli.
 * @param {string} name
 * @param {string} contents
 * @returns {import('esbuild').Plugin}
 */
function generatedEntry(name, contents) {
  return {
    name: 'parallax-generated-entry',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({ path: name, namespace: 'parallax-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'parallax-entry' }, () => ({
        contents,
        loader: 'ts',
        resolveDir: CLI_SRC,
      }));
    },
  };
}

/**
 * conf (the settings file's library) imports ajv, ajv-formats and semver at its top, for a schema
 * and migrations the CLI never gives it: evaluating them cost every command that reads the
 * settings (nearly all) several milliseconds of its start. In the bundle conf gets stand-ins that
 * load each package where conf uses it (a bundled require(), run on first use): the same code
 * runs, only when it is needed.
 */
const CONF_LAZY_IMPORTS = {
  'ajv/dist/2020.js':
    "export function Ajv2020(...args) { const { Ajv2020: Ajv } = require('ajv/dist/2020.js'); return new Ajv(...args); }",
  'ajv-formats': "export default { get default() { return require('ajv-formats').default; } };",
  semver: "export default new Proxy({}, { get: (_, key) => require('semver')[key] });",
};

/** @type {import('esbuild').Plugin} */
const confLazyImports = {
  name: 'parallax-conf-lazy-imports',
  setup(b) {
    const names = Object.keys(CONF_LAZY_IMPORTS);
    const filter = new RegExp(`^(${names.map((n) => n.replace(/[./]/g, '\\$&')).join('|')})$`);
    b.onResolve({ filter }, (args) =>
      /[\\/]node_modules[\\/]conf[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'parallax-conf-lazy', pluginData: dirname(args.importer) }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'parallax-conf-lazy' }, (args) => ({
      contents: CONF_LAZY_IMPORTS[/** @type {keyof typeof CONF_LAZY_IMPORTS} */ (args.path)],
      loader: 'js',
      resolveDir: args.pluginData,
    }));
  },
};

/** @type {import('esbuild').BuildOptions} */
const COMMON = {
  bundle: true,
  absWorkingDir: ROOT,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  external: EXTERNAL,
  banner: { js: REQUIRE_SHIM },
  outExtension: { '.js': '.mjs' },
  // Prefer packages' ESM builds, as Node's own resolution would (commander, zod...).
  mainFields: ['module', 'main'],
  conditions: ['node', 'import'],
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
};

/**
 * Pass 1: the manifest, printed by a bundle of the real command modules run once.
 * @param {Array<{ id: string; file: string }>} imports
 * @param {string} scratchDir a folder inside the repository (bare imports resolve from it)
 */
async function commandManifest(imports, scratchDir) {
  const result = await build({
    ...COMMON,
    metafile: true,
    entryPoints: ['parallax-manifest'],
    plugins: [generatedEntry('parallax-manifest', manifestEntrySource(imports))],
    outdir: scratchDir,
  });
  const file = join(scratchDir, `manifest-${process.pid}.mjs`);
  mkdirSync(scratchDir, { recursive: true });
  const [bundle] = result.outputFiles ?? [];
  if (!bundle) throw new Error('esbuild produced no manifest program');
  writeFileSync(file, bundle.contents);
  try {
    const manifest = JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8', cwd: ROOT }));
    return { manifest, inputs: Object.keys(result.metafile?.inputs ?? {}) };
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * The folders of the repository's own modules among esbuild's inputs (paths relative to the
 * working directory, which is ROOT), for bin/built-cli.mjs to watch.
 * @param {string[]} inputs
 */
function sourceDirs(inputs) {
  const dirs = inputs
    .filter((p) => !p.includes('node_modules/') && !p.includes(':'))
    .map((p) => relative(ROOT, dirname(resolve(ROOT, p))));
  return [...new Set(dirs)].sort();
}

/** Writes a file under its final name in one step (a concurrent reader sees old or new, whole). */
function writeAtomically(/** @type {string} */ path, /** @type {Uint8Array | string} */ contents) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

/** Removes chunks of earlier builds once they are old enough that no CLI still runs them. */
function removeOldChunks(/** @type {string} */ outDir, /** @type {Set<string>} */ current) {
  const chunks = join(outDir, 'chunks');
  if (!existsSync(chunks)) return;
  for (const name of readdirSync(chunks)) {
    const path = join(chunks, name);
    if (current.has(path)) continue;
    if (Date.now() - statSync(path).mtimeMs > KEEP_OLD_CHUNKS_MS) rmSync(path, { force: true });
  }
}

/**
 * Builds the CLI into outDir (default out/cli): parallax.mjs, chunks/, and build.json, written
 * last, which records when the build started (sources changed after that make it stale).
 * @param {{ outDir?: string; metafile?: string }} [opts] metafile: where to write esbuild's
 *   record of what each chunk holds (to see what a command loads)
 */
export async function buildCli(opts = {}) {
  const outDir = opts.outDir ?? join(ROOT, CLI_OUT_DIR);
  const startedAt = Date.now();
  const imports = commandImports();
  const { manifest, inputs } = await commandManifest(imports, outDir);
  const result = await build({
    ...COMMON,
    metafile: true,
    entryPoints: ['parallax', ...WORKERS.map((w) => ({ in: w.source, out: w.name }))],
    plugins: [
      generatedEntry('parallax', cliEntrySource(imports, manifest)),
      confLazyImports,
      await zodUsedExports(ROOT),
      await lazyPackages(ROOT),
      sideEffectFreeSources(ROOT),
      directEngineImports(ROOT),
    ],
    // src/cli/export-worker.ts: the bundle's JSON exports run the bundled worker.
    define: { __PARALLAX_CLI_BUNDLE__: 'true' },
    outdir: outDir,
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
  });
  const files = result.outputFiles ?? [];
  // Chunks first (named by content, so never overwritten by other content), then the workers,
  // the entry last.
  const entry = join(outDir, 'parallax.mjs');
  const workers = WORKERS.map((w) => join(outDir, `${w.name}.mjs`));
  for (const file of files)
    if (file.path !== entry && !workers.includes(file.path) && !existsSync(file.path))
      writeAtomically(file.path, file.contents);
  for (const worker of workers) {
    const workerFile = files.find((f) => f.path === worker);
    if (!workerFile) throw new Error(`esbuild produced no ${worker}`);
    writeAtomically(worker, workerFile.contents);
  }
  const entryFile = files.find((f) => f.path === entry);
  if (!entryFile) throw new Error('esbuild produced no parallax.mjs');
  writeAtomically(entry, entryFile.contents);
  removeOldChunks(outDir, new Set(files.map((f) => f.path)));
  if (opts.metafile) writeFileSync(opts.metafile, JSON.stringify(result.metafile));
  const info = {
    entry: 'parallax.mjs',
    startedAt,
    sourceDirs: sourceDirs([...inputs, ...Object.keys(result.metafile?.inputs ?? {})]),
    files: files.map((f) => relative(outDir, f.path)),
  };
  writeAtomically(join(outDir, BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
  return { outDir, entry, files: files.length, bytes: files.reduce((n, f) => n + f.contents.byteLength, 0) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outArg = process.argv.indexOf('--outdir');
  const outDir = outArg > 0 ? resolve(/** @type {string} */ (process.argv[outArg + 1])) : undefined;
  const metaArg = process.argv.indexOf('--metafile');
  const metafile = metaArg > 0 ? resolve(/** @type {string} */ (process.argv[metaArg + 1])) : undefined;
  const t = Date.now();
  const built = await buildCli({ outDir, metafile });
  console.log(
    `CLI bundled: ${relative(ROOT, built.entry)} + ${built.files - 1} chunks, ` +
      `${(built.bytes / 1e6).toFixed(1)} MB, in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
}
