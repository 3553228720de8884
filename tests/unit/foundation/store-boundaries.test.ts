import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The store's boundaries (eslint.config.js, docs/internals/store-layout.md), checked with the
// repository's own ESLint config on fixture code linted as if it sat at a store path: a deep
// import across store folders must be reported, one through a folder's index.ts must pass.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The no-restricted-imports reports for `specifier` imported by a file at `filePath`. */
async function restrictions(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export { something } from '${specifier}';\n`, { filePath });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('store boundaries lint rule', () => {
  it('keeps the rest of the app on the store index', async () => {
    expect(await restrictions('src/core/runs/engine/fixture.ts', '../store/answers/results')).toHaveLength(1);
    expect(await restrictions('src/core/runs/engine/fixture.ts', '../store/answers')).toHaveLength(1);
    expect(await restrictions('src/cli/commands/fixture.ts', '../../main/store/codec/compress')).toHaveLength(
      1,
    );
    expect(await restrictions('src/core/runs/engine/fixture.ts', '../store')).toEqual([]);
    expect(await restrictions('src/cli/commands/fixture.ts', '../../main/store')).toEqual([]);
  });

  it('keeps store folders on each other index.ts', async () => {
    const [message] = await restrictions(
      'src/core/history/search/fixture.ts',
      '../visibility/visibility-index',
    );
    expect(message).toContain("through its index.ts ('../<folder>')");
    expect(await restrictions('src/core/history/search/fixture.ts', '../visibility')).toEqual([]);
    expect(await restrictions('src/core/history/search/fixture.ts', './search-rows')).toEqual([]);
    expect(await restrictions('src/core/history/search/fixture.ts', '../../../shared/api/engines')).toEqual(
      [],
    );
    // The store's own index.ts (it imports every folder) and the folder's own index.ts: cycles.
    expect(await restrictions('src/core/history/search/fixture.ts', '..')).toHaveLength(1);
    expect(await restrictions('src/core/history/search/fixture.ts', '.')).toHaveLength(1);
  });

  it('holds for files in a folder of a store folder', async () => {
    const migration = 'src/core/history/schema/migrations/fixture.ts';
    expect(await restrictions(migration, '../../visibility/visibility-index')).toHaveLength(1);
    expect(await restrictions(migration, '../../visibility')).toEqual([]);
    expect(await restrictions(migration, '../migrate')).toEqual([]);
    expect(await restrictions(migration, '..')).toHaveLength(1);
    expect(await restrictions(migration, '../..')).toHaveLength(1);
  });

  it("keeps the store's index.ts on folders' index.ts", async () => {
    expect(await restrictions('src/core/history/index.ts', './file/open')).toHaveLength(1);
    expect(await restrictions('src/core/history/index.ts', './file')).toEqual([]);
  });

  it("lets tests reach a folder's index.ts, not its files", async () => {
    const test = 'tests/integration/store/fixture.test.ts';
    expect(await restrictions(test, '../../../src/main/store/codec/compress')).toHaveLength(1);
    expect(await restrictions(test, '../../../src/main/store/codec')).toEqual([]);
    expect(await restrictions(test, '../../../src/main/store')).toEqual([]);
    expect(await restrictions(test, '../store/helpers')).toEqual([]);
  });

  it("lets the shell name a worker's entry file by path", async () => {
    const shell = 'src/main/fixture.ts';
    expect(await restrictions(shell, '../store/exports/export-json-worker?modulePath')).toEqual([]);
    expect(await restrictions(shell, '../store/runs/runs')).toHaveLength(1);
  });
});
