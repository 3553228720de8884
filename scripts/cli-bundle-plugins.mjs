// @ts-check
// esbuild plugins of the CLI bundle (scripts/build-cli.mjs) that cut what a command evaluates
// at its start, without changing what runs: only the parts of zod the sources use, and
// packages evaluated at their first call instead of at import.
//
// zod: the sources write `import { z } from 'zod'`, and zod's `z` is the namespace of all of zod:
// esbuild keeps a namespace whole once it is used as a value, so every command that reads a
// setting or a profile loaded all of zod (its 40-odd locales, JSON Schema conversion, the
// parser compiler: 0.58 MB, most of it never run). In the bundle, `zod` imported by the sources
// is a module whose `z` is an object of the zod exports the sources name (`z.object`,
// `z.iso`...), so esbuild drops the rest. Packages that import zod themselves (the MCP SDK) get
// zod as it is.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Folders of sources bundled into the CLI (the renderer's are not). */
const SOURCE_DIRS = ['src/cli', 'src/core', 'src/main', 'src/shared', 'src/sandbox'];

/**
 * zod exports the sources name in types only (`z.core.$ZodIssue`): `core` is a value too, all of
 * zod's internals, which would come back with it. A source that uses one as a value must be
 * taken off this list.
 */
const TYPE_ONLY = ['core'];

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * The names the sources use of `z` that are values of zod (a `z.infer` is a type only, and
 * `z.x` of a local variable named z is no export of zod). A chain may break its line before the
 * dot (`z\n  .string()`, as prettier writes long schemas), so space around the dot is read too.
 * @param {string} root
 */
export async function usedZodExports(root) {
  const zod = await import('zod');
  const names = new Set();
  for (const dir of SOURCE_DIRS)
    for (const file of sourceFiles(join(root, dir)))
      for (const m of readFileSync(file, 'utf8').matchAll(/\bz\s*\.\s*([A-Za-z_$][\w$]*)/g)) names.add(m[1]);
  return [...names].filter((name) => !TYPE_ONLY.includes(name) && Object.hasOwn(zod, name)).sort();
}

/**
 * @param {string} root
 * @returns {Promise<import('esbuild').Plugin>}
 */
export async function zodUsedExports(root) {
  const names = await usedZodExports(root);
  // Imported under other names: `enum` is a reserved word.
  const contents = [
    `import { ${names.map((n, i) => `${n} as z${i}`).join(', ')} } from 'zod';`,
    `export const z = Object.freeze({ ${names.map((n, i) => `${n}: z${i}`).join(', ')} });`,
  ].join('\n');
  return {
    name: 'parallax-zod-used-exports',
    setup(b) {
      b.onResolve({ filter: /^zod$/ }, (args) =>
        args.namespace === 'file' && !/[\\/]node_modules[\\/]/.test(args.importer)
          ? { path: 'zod', namespace: 'parallax-zod' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'parallax-zod' }, () => ({
        contents,
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}

/**
 * Packages whose evaluation is worth deferring: tldts builds its public-suffix trie (a 0.12 MB
 * object literal) when it is evaluated, for the few commands that parse URLs (brand matching,
 * discovery). The sources import its functions by name; in the bundle they get stand-ins that
 * evaluate the package (bundled, via require) at the first call.
 */
const LAZY_PACKAGES = ['tldts'];

/**
 * @param {string} root
 * @returns {Promise<import('esbuild').Plugin>}
 */
export async function lazyPackages(root) {
  /** @type {Map<string, string>} */
  const standIns = new Map();
  for (const name of LAZY_PACKAGES) {
    const mod = /** @type {Record<string, unknown>} */ (await import(name));
    const functions = Object.keys(mod).filter((key) => key !== 'default' && typeof mod[key] === 'function');
    const source = [
      'let loaded;',
      `const load = () => (loaded ??= require(${JSON.stringify(name)}));`,
      ...functions.map((f) => `export function ${f}(...args) { return load().${f}(...args); }`),
    ];
    standIns.set(name, source.join('\n'));
  }
  const filter = new RegExp(`^(${LAZY_PACKAGES.map((n) => n.replace(/[./]/g, '\\$&')).join('|')})$`);
  return {
    name: 'parallax-lazy-packages',
    setup(b) {
      b.onResolve({ filter }, (args) =>
        args.namespace === 'file' && !/[\\/]node_modules[\\/]/.test(args.importer)
          ? { path: args.path, namespace: 'parallax-lazy-package' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'parallax-lazy-package' }, (args) => ({
        contents: standIns.get(args.path),
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}

/**
 * The engine is imported through each room's index.ts, which re-exports the whole room. esbuild
 * keeps every module such an import reaches unless it knows a module has no side effects when
 * evaluated, so without this a command that reads the history would also load PostgreSQL's driver
 * and the keychain's addon, re-exported beside what it uses. The project's own modules under src/
 * have none (nothing is imported for its side effects there), so they are marked so, and a
 * command's chunk holds only what it uses. The worker threads' entry files are entry points,
 * which esbuild always keeps whole.
 * @param {string} root
 * @returns {import('esbuild').Plugin}
 */
export function sideEffectFreeSources(root) {
  const src = join(root, 'src');
  return {
    name: 'parallax-side-effect-free-sources',
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'parallax-resolving' || args.namespace !== 'file') return undefined;
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'parallax-resolving',
        });
        if (resolved.errors.length > 0 || !resolved.path.startsWith(src)) return undefined;
        return { ...resolved, sideEffects: false };
      });
    },
  };
}

/** A relative specifier as the file it names: `x.ts`, `x.tsx` or `x/index.ts`; null when none exists. */
function sourceFileOf(/** @type {string} */ fromFile, /** @type {string} */ spec) {
  const base = resolve(dirname(fromFile), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base])
    if (candidate.endsWith('.ts') || candidate.endsWith('.tsx')) if (existsSync(candidate)) return candidate;
  return null;
}

const LOCAL_EXPORT =
  /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([A-Za-z_$][\w$]*)/gm;
const RE_EXPORT = /^export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)';/gm;
const STAR_EXPORT = /^export\s+\*\s+from\s*'([^']+)';/gm;
const LOCAL_LIST = /^export\s+\{([^}]*)\};/gm;

/** `a`, `b as c`, `type T` of a braced list: [exported name, name in the module], values only. */
function valueNames(/** @type {string} */ list) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return /** @type {[string, string]} */ ([(alias ?? name ?? '').trim(), (name ?? '').trim()]);
    });
}

/**
 * The engine's rooms re-export their folders (index.ts files), and esbuild's code splitting
 * assigns a module to every chunk whose entry reaches it through imports, used or not: a command
 * importing one function through a room's index.ts would load every module the room re-exports
 * that any other command uses. This rewrites, in the bundle only, each import from an index.ts of
 * src/core into imports from the files that define the names, so a command's chunks hold what it
 * uses. The sources keep importing the faces (the lint rule holds there).
 * @param {string} root
 * @returns {import('esbuild').Plugin}
 */
export function directEngineImports(root) {
  const core = join(root, 'src', 'core') + sep;
  /** @type {Map<string, Map<string, { file: string; name: string }>>} */
  const cache = new Map();
  /** Where each value a file exports is defined (followed through re-exports). */
  const exportsOf = (/** @type {string} */ file) => {
    const known = cache.get(file);
    if (known) return known;
    /** @type {Map<string, { file: string; name: string }>} */
    const names = new Map();
    cache.set(file, names);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(LOCAL_EXPORT))
      names.set(/** @type {string} */ (m[1]), { file, name: /** @type {string} */ (m[1]) });
    for (const m of text.matchAll(LOCAL_LIST))
      for (const [exported, local] of valueNames(/** @type {string} */ (m[1])))
        names.set(exported, { file, name: local });
    for (const m of text.matchAll(RE_EXPORT)) {
      if (m[1]) continue;
      const target = sourceFileOf(file, /** @type {string} */ (m[3]));
      if (!target) continue;
      const inner = exportsOf(target);
      for (const [exported, name] of valueNames(/** @type {string} */ (m[2])))
        names.set(exported, inner.get(name) ?? { file: target, name });
    }
    for (const m of text.matchAll(STAR_EXPORT)) {
      const target = sourceFileOf(file, /** @type {string} */ (m[1]));
      if (!target) continue;
      for (const [exported, origin] of exportsOf(target))
        if (!names.has(exported)) names.set(exported, origin);
    }
    return names;
  };
  const IMPORT = /^(import|export)\s+\{([^}]*)\}\s*from\s*'(\.[^']*)';/gm;
  return {
    name: 'parallax-direct-engine-imports',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        let changed = false;
        const contents = text.replace(IMPORT, (statement, kind, list, spec) => {
          const target = sourceFileOf(args.path, spec);
          if (!target || !target.startsWith(core) || !target.endsWith(`${sep}index.ts`)) return statement;
          const names = exportsOf(target);
          /** @type {Map<string, string[]>} */
          const byFile = new Map();
          const kept = [];
          for (const part of /** @type {string} */ (list)
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean)) {
            if (part.startsWith('type ')) continue;
            const [name, alias] = part.split(/\s+as\s+/).map((x) => x.trim());
            const origin = names.get(/** @type {string} */ (name));
            if (!origin) {
              kept.push(part);
              continue;
            }
            const local = alias ?? name;
            const entry = origin.name === local ? local : `${origin.name} as ${local}`;
            byFile.set(origin.file, [...(byFile.get(origin.file) ?? []), entry]);
          }
          changed = true;
          const rel = (/** @type {string} */ file) => {
            const r = relative(dirname(args.path), file)
              .split(sep)
              .join('/')
              .replace(/\.tsx?$/, '');
            return r.startsWith('.') ? r : `./${r}`;
          };
          const lines = [...byFile].map(
            ([file, parts]) => `${kind} { ${parts.join(', ')} } from '${rel(file)}';`,
          );
          if (kept.length > 0) lines.push(`${kind} { ${kept.join(', ')} } from '${spec}';`);
          return lines.join('\n');
        });
        return changed ? { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' } : undefined;
      });
    },
  };
}
