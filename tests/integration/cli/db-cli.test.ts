import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, openHistory } from '../../../src/core/history';
import { applyMigrations } from '../../../src/core/history/schema';
import type { StorageCompactResult, StorageStats } from '../../../src/shared/domain/storage';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { newRun, normalized, source, tempFolder } from '../store/helpers';

// `parallax db stats` and `parallax db compact` through the CLI in this process (tests/support/cli-in-process.ts), on histories with
// space to give back (a deleted run): an older file (no incremental vacuum yet: one full
// rewrite) and a file created by this version (released in steps).

const folder = tempFolder();
afterAll(() => folder.cleanup());

/** A history with two runs of 60 answers, the first deleted: its pages are free inside the file. */
function historyWithFreeSpace(path: string, preCreate?: () => void): void {
  preCreate?.();
  const store = openHistory({ path });
  const runs = [0, 1].map(() =>
    newRun(store, { prompts: ['p1', 'p2', 'p3'], countries: ['US', 'DE'], repeats: 10 }),
  );
  for (const run of runs)
    store.ingestResults(
      run.jobs.map((job, i) => ({
        jobId: job.id,
        raw: JSON.stringify({ result: { text: `answer ${i} `.repeat(400) } }),
        normalized: normalized(job.engine, `Answer ${i} about shoes `.repeat(50), {
          sources: [source(1, 'shoes.example', `Shoe review ${i}`)],
        }),
        fetchedAt: Date.UTC(2026, 0, 1) + i,
      })),
    );
  store.deleteRun(runs[0]!.run.id);
  store.close();
}

async function stats(path: string): Promise<StorageStats> {
  const out = await runCli(['db', 'stats', '--db', path, '--json'], folder.dir);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as StorageStats;
}

describe('parallax db', { timeout: 180_000 }, () => {
  it('stats: size by part, per answer, free space; compact on an older file rewrites it once', async () => {
    const path = folder.file('older.db');
    // Made by the migrations alone, as a file from before this version was: no incremental vacuum.
    historyWithFreeSpace(path, () => {
      const db = new Database(path);
      applyMigrations(db, MIGRATIONS);
      db.close();
    });
    const before = await stats(path);
    expect(before.results).toBe(60);
    expect(before.incrementalVacuum).toBe(false);
    expect(before.freeBytes).toBeGreaterThan(0);
    expect(before.usedBytes + before.freeBytes).toBe(before.totalBytes);
    expect(before.bytesPerResult).toBe(Math.round(before.totalBytes / 60));
    const parts = Object.fromEntries(before.parts.map((p) => [p.part, p]));
    expect(parts['Raw JSON not packed yet (compressed)']?.tables).toEqual(['result_docs']);
    expect(parts['Search index']?.tables).toContain('answer_search_data');
    expect(parts['Answers with their raw JSON (compressed)']?.bytes).toBeGreaterThan(0);

    const text = await runCli(['db', 'stats', '--db', path], folder.dir);
    expect(text.stdout).toMatch(/Answers with their raw JSON \(compressed\)/);
    expect(text.stdout).toMatch(/Total [\d.]+ MB for 60 answers/);

    const out = await runCli(['db', 'compact', '--db', path, '--json'], folder.dir);
    expect(out.code, out.stderr).toBe(0);
    const result = JSON.parse(out.stdout) as StorageCompactResult;
    expect(result.mode).toBe('full');
    expect(result.afterBytes).toBeLessThan(result.beforeBytes);
    expect(statSync(path).size).toBe(result.afterBytes);
    const after = await stats(path);
    expect(after.freeBytes).toBe(0);
    expect(after.incrementalVacuum).toBe(true);
    expect(after.results).toBe(60);
  });

  it('compact on a file of this version releases pages in steps, with progress, and keeps every answer', async () => {
    const path = folder.file('current.db');
    historyWithFreeSpace(path);
    const before = await stats(path);
    expect(before.incrementalVacuum).toBe(true);
    expect(before.freeBytes).toBeGreaterThan(0);
    const out = await runCli(['db', 'compact', '--db', path], folder.dir);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/Compacted \(incremental\): [\d.]+ MB → [\d.]+ MB/);
    expect(out.stderr).toMatch(/Released [\d.]+ MB of [\d.]+ MB/);
    const after = await stats(path);
    expect(after.freeBytes).toBe(0);
    expect(after.totalBytes).toBe(before.totalBytes - before.freeBytes);
    const store = openHistory({ path, readonly: true });
    expect(store.search({ query: 'shoes' }).total).toBe(60);
    store.close();
  });
});
