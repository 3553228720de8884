import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The engine's boundaries (eslint.config.js, docs/internals/architecture.md), checked with the
// repository's own ESLint config on fixture code linted as if it sat at a path in the engine: a
// deep import across rooms or a room's folders must be reported, one through an index.ts must pass.

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

describe('engine boundaries lint rule', () => {
  it('keeps the shell, the CLI and the sandbox on a room index', async () => {
    expect(await restrictions('src/main/fixture.ts', '../core/history/answers/results')).toHaveLength(1);
    expect(await restrictions('src/main/fixture.ts', '../core/history/answers')).toHaveLength(1);
    expect(
      await restrictions('src/cli/commands/fixture.ts', '../../core/history/codec/compress'),
    ).toHaveLength(1);
    expect(await restrictions('src/cli/commands/fixture.ts', '../../core/team/sync')).toHaveLength(1);
    expect(await restrictions('src/sandbox/fixture.ts', '../core/runs/api/client')).toHaveLength(1);
    expect(await restrictions('src/main/fixture.ts', '../core/history')).toEqual([]);
    expect(await restrictions('src/cli/commands/fixture.ts', '../../core/team')).toEqual([]);
    expect(await restrictions('src/cli/fixture.ts', '../core')).toEqual([]);
  });

  it('keeps rooms on each other index.ts', async () => {
    const [message] = await restrictions('src/core/runs/engine/fixture.ts', '../../history/answers');
    expect(message).toContain("through its index.ts ('../<room>')");
    expect(await restrictions('src/core/alerts/fixture.ts', '../analysis/visibility')).toHaveLength(1);
    expect(await restrictions('src/core/app/handlers/fixture.ts', '../../team/sync/sync')).toHaveLength(1);
    expect(await restrictions('src/core/runs/engine/fixture.ts', '../../history')).toEqual([]);
    expect(await restrictions('src/core/alerts/fixture.ts', '../analysis')).toEqual([]);
    expect(await restrictions('src/core/app/handlers/fixture.ts', '../../team')).toEqual([]);
    // The engine's own index.ts imports every room: no room imports it.
    expect(await restrictions('src/core/alerts/fixture.ts', '..')).toHaveLength(1);
    expect(await restrictions('src/core/runs/engine/fixture.ts', '../..')).toHaveLength(1);
  });

  it('keeps the engine off the shell, the CLI and the renderer', async () => {
    expect(await restrictions('src/core/runs/engine/fixture.ts', '../../../main/dialogs')).toHaveLength(1);
    expect(await restrictions('src/core/alerts/fixture.ts', '../../cli/context')).toHaveLength(1);
    expect(await restrictions('src/core/app/fixture.ts', '../../renderer/src/App')).toHaveLength(1);
  });

  it('keeps the folders of a room on each other index.ts', async () => {
    const [message] = await restrictions(
      'src/core/history/search/fixture.ts',
      '../visibility/visibility-index',
    );
    expect(message).toContain("through its index.ts ('../<folder>')");
    expect(await restrictions('src/core/team/sync/fixture.ts', '../server/errors')).toHaveLength(1);
    expect(await restrictions('src/core/history/search/fixture.ts', '../visibility')).toEqual([]);
    expect(await restrictions('src/core/team/sync/fixture.ts', '../server')).toEqual([]);
    expect(await restrictions('src/core/outcomes/google/fixture.ts', '../imports/csv-table')).toHaveLength(1);
    expect(await restrictions('src/core/outcomes/google/fixture.ts', '../imports')).toEqual([]);
    expect(await restrictions('src/core/outcomes/google/fixture.ts', '../../history/outcomes')).toHaveLength(
      1,
    );
    expect(await restrictions('src/core/outcomes/google/fixture.ts', '../../history')).toEqual([]);
    expect(await restrictions('src/core/history/search/fixture.ts', './search-rows')).toEqual([]);
    expect(await restrictions('src/core/history/search/fixture.ts', '../../../shared/api/engines')).toEqual(
      [],
    );
    // The room's own index.ts (it imports every folder) and the folder's own index.ts: cycles.
    expect(await restrictions('src/core/history/search/fixture.ts', '..')).toHaveLength(1);
    expect(await restrictions('src/core/history/search/fixture.ts', '.')).toHaveLength(1);
  });

  it('holds for files in a folder of a room folder', async () => {
    const migration = 'src/core/history/schema/migrations/fixture.ts';
    expect(await restrictions(migration, '../../visibility/visibility-index')).toHaveLength(1);
    expect(await restrictions(migration, '../../../runs/engine')).toHaveLength(1);
    expect(await restrictions(migration, '../../visibility')).toEqual([]);
    expect(await restrictions(migration, '../../../platform')).toEqual([]);
    expect(await restrictions(migration, '../migrate')).toEqual([]);
    expect(await restrictions(migration, '..')).toHaveLength(1);
    expect(await restrictions(migration, '../..')).toHaveLength(1);
  });

  it("keeps a room's index.ts on its folders' index.ts", async () => {
    expect(await restrictions('src/core/history/index.ts', './file/open')).toHaveLength(1);
    expect(await restrictions('src/core/history/index.ts', './file')).toEqual([]);
    expect(await restrictions('src/core/team/index.ts', './sync/read-ahead')).toHaveLength(1);
    expect(await restrictions('src/core/team/index.ts', './sync')).toEqual([]);
  });

  it("lets tests reach a history folder's index.ts, not its files", async () => {
    const test = 'tests/integration/store/fixture.test.ts';
    expect(await restrictions(test, '../../../src/core/history/codec/compress')).toHaveLength(1);
    expect(await restrictions(test, '../../../src/core/history/codec')).toEqual([]);
    expect(await restrictions(test, '../../../src/core/history')).toEqual([]);
    expect(await restrictions(test, '../store/helpers')).toEqual([]);
  });

  it("lets the shell name a worker's entry file by path, and import electron", async () => {
    const shell = 'src/main/fixture.ts';
    expect(await restrictions(shell, '../core/history/exports/export-json-worker?modulePath')).toEqual([]);
    expect(await restrictions(shell, '../core/history/runs/runs')).toHaveLength(1);
    expect(await restrictions(shell, 'electron')).toEqual([]);
    expect(await restrictions('src/main/startup/fixture.ts', 'electron')).toHaveLength(1);
    expect(await restrictions('src/core/app/fixture.ts', 'electron')).toHaveLength(1);
  });
});
