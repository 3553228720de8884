import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lazyPackages, usedZodExports, zodUsedExports } from '../../../scripts/cli-bundle-plugins.mjs';

// The CLI bundle's plugins (scripts/build-cli.mjs): the bundle's `z` holds every zod value the
// sources name and none of the rest, and a lazy package is evaluated at its first call only.
// Checked on the real sources and real bundles of a small entry.

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Bundles `source` (ESM, resolved from the repository) with the plugins; returns the code. */
async function bundle(source: string, plugins: Plugin[]): Promise<string> {
  const result = await build({
    stdin: {
      contents: source,
      resolveDir: join(ROOT, 'src', 'shared'),
      sourcefile: 'entry.ts',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins,
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('the bundle’s zod', () => {
  it('holds the zod values the sources name, not those named in types only or not zod’s', async () => {
    const names = await usedZodExports(ROOT);
    expect(names).toEqual(expect.arrayContaining(['object', 'string', 'enum', 'iso', 'url', 'uuid']));
    // `core` only in types (z.core.$ZodIssue), `infer` a type, `toFixed` of a local z.
    for (const name of ['core', 'infer', 'locales', 'toFixed']) expect(names).not.toContain(name);
  });

  it('reads a chain broken before its dot, as prettier writes long schemas', async () => {
    const root = mkdtempSync(join(tmpdir(), 'parallax-zod-scan-'));
    try {
      mkdirSync(join(root, 'src', 'shared'), { recursive: true });
      for (const dir of ['cli', 'core', 'main', 'sandbox']) mkdirSync(join(root, 'src', dir));
      writeFileSync(
        join(root, 'src', 'shared', 'schema.ts'),
        "import { z } from 'zod';\nexport const s = z\n  .discriminatedUnion('k', [])\n  .optional();\n",
      );
      expect(await usedZodExports(root)).toEqual(['discriminatedUnion']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('parses as zod does, without zod’s locales or its JSON Schema import', async () => {
    const code = await bundle(
      "import { z } from 'zod'; export const ok = z.object({ n: z.number().int() }).safeParse({ n: 1.5 }).success;",
      [await zodUsedExports(ROOT)],
    );
    expect(code).not.toMatch(/fromJSONSchema|locales\/(de|fr|ja)\.js/);
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const { ok } = (await import(url)) as { ok: boolean };
    expect(ok).toBe(false);
  });
});

describe('a lazy package', () => {
  it('is evaluated at its first call and gives what the package gives', async () => {
    const code = await bundle(
      "import { getDomain } from 'tldts'; export const first = () => getDomain('https://a.b.example.co.uk/x');",
      [await lazyPackages(ROOT)],
    );
    // The trie is built inside the package's wrapper, run by the stand-in on the first call.
    expect(code).toMatch(/__commonJS|__esm/);
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const { first } = (await import(url)) as { first: () => string | null };
    expect(first()).toBe('example.co.uk');
  });
});
