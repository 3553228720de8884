import Database from 'better-sqlite3';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { HistoryOpenError, MIGRATIONS, restoreHistory, type Migration } from '../../../src/core/history';
import { newRun, normalized, openTemp, source, tempFolder } from './helpers';

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

function seed(path: string, prompt: string) {
  const store = openTemp(path);
  const { run, jobs } = newRun(store, { prompts: [prompt] });
  const [out] = store.ingestResults([
    {
      jobId: jobs[0]!.id,
      raw: { prompt },
      fetchedAt: 1,
      normalized: normalized('assistant-a', `answer about ${prompt}`, {
        sources: [source(1, 'x.com', `title ${prompt}`)],
      }),
    },
  ]);
  return { store, runId: run.id, resultId: out!.resultId };
}

async function rejection(promise: Promise<unknown>): Promise<HistoryOpenError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HistoryOpenError) return error;
    throw error;
  }
  throw new Error('expected a HistoryOpenError');
}

describe('backup and restore', () => {
  it('round-trips: a backup taken while open restores the history as it was, keeping the replaced file', async () => {
    const path = tmp.file('live.db');
    const backupPath = tmp.file('backups/live-backup.db');
    const { store, runId, resultId } = seed(path, 'aardvark');
    const info = await store.backup(backupPath);
    expect(info).toMatchObject({ path: backupPath, version: MIGRATIONS.length });
    expect(info.bytes).toBeGreaterThan(0);
    expect(statSync(backupPath).mode & 0o777).toBe(0o600);
    expect(existsSync(`${backupPath}-wal`)).toBe(false);

    // Changes after the backup, some of them still in the WAL when the store closes.
    const later = newRun(store, { prompts: ['later'] }).run.id;
    store.deleteRun(runId);
    store.close();

    const restored = await restoreHistory(backupPath, path);
    expect(restored).toMatchObject({
      path,
      restoredFrom: backupPath,
      version: MIGRATIONS.length,
      previousPath: `${path}.before-restore`,
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const back = openTemp(path);
    expect(back.getRun(runId)?.prompts).toEqual(['aardvark']);
    expect(back.getRun(later)).toBeNull();
    expect(back.getResult(resultId)?.raw).toEqual({ prompt: 'aardvark' });
    expect(back.search({ query: 'aardvark' }).total).toBe(1);
    expect(back.checkIntegrity('full')).toEqual(['ok']);
    back.close();

    const previous = openTemp(`${path}.before-restore`);
    expect(previous.getRun(later)).not.toBeNull();
    expect(previous.getRun(runId)).toBeNull();
    previous.close();
  });

  it('refuses to write a backup over the history file itself', async () => {
    const path = tmp.file('self.db');
    const { store } = seed(path, 'x');
    await expect(store.backup(path)).rejects.toThrow(/cannot overwrite/);
    store.close();
  });

  it('refuses a damaged backup and leaves the target untouched', async () => {
    const target = tmp.file('keep.db');
    seed(target, 'keep').store.close();
    const before = readFileSync(target);
    const bad = tmp.file('bad-backup.db');
    writeFileSync(bad, Buffer.alloc(4096, 7));
    expect((await rejection(restoreHistory(bad, target))).kind).toBe('damaged');
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(existsSync(`${target}.before-restore`)).toBe(false);
  });

  it('refuses a backup from a newer version, and a database that is not a history', async () => {
    const target = tmp.file('keep2.db');
    seed(target, 'keep').store.close();
    const newer = tmp.file('newer-backup.db');
    const v2: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'future',
      sql: 'CREATE TABLE future (x INTEGER);',
    };
    const { openHistory } = await import('../../../src/core/history');
    openHistory({ path: newer, migrations: [...MIGRATIONS, v2] }).close();
    const error = await rejection(restoreHistory(newer, target));
    expect(error.kind).toBe('newer-version');
    expect(error.details).toMatchObject({
      fileVersion: MIGRATIONS.length + 1,
      knownVersion: MIGRATIONS.length,
    });

    const foreign = tmp.file('foreign.db');
    const raw = new Database(foreign);
    raw.exec('CREATE TABLE t (x)');
    raw.close();
    expect((await rejection(restoreHistory(foreign, target))).kind).toBe('foreign');
    expect((await rejection(restoreHistory(tmp.file('nope.db'), target))).kind).toBe('missing');
  });

  it('restores into a path where no history exists yet', async () => {
    const source = tmp.file('src.db');
    const { store, runId } = seed(source, 'fresh');
    await store.backup(tmp.file('src-backup.db'));
    store.close();
    const target = tmp.file('new-home/history.db');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(tmp.file('new-home'));
    expect((await restoreHistory(tmp.file('src-backup.db'), target)).previousPath).toBeNull();
    const opened = openTemp(target);
    expect(opened.getRun(runId)).not.toBeNull();
    opened.close();
  });
});
