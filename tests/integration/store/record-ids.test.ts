import { afterAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { newRun, normalized, readHistoryFile, tempFolder } from './helpers';

// A history's own records get time-ordered ids (UUID version 7): a run's jobs, made in one
// transaction, and its results, stored as they come, are numbered in the order they were made,
// so the unique indexes of results.id, results.job_id and jobs.id take them at their end.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u;
const ascending = (ids: readonly string[]): boolean => ids.every((id, i) => i === 0 || ids[i - 1]! < id);

describe('the ids of a new run, its jobs and its results', () => {
  it('are version-7 UUIDs in the order the records were made (as the file stores them)', () => {
    const path = tmp.file('ids.db');
    // The store's own id source (no newId given), as the app and the CLI open it.
    const store = openHistory({ path });
    const { run, jobs } = newRun(store, {
      prompts: ['a', 'b', 'c', 'd', 'e'],
      engines: ['assistant-a', 'assistant-b'],
      countries: ['US', 'DE'],
    });
    for (const job of jobs)
      store.ingestResults([
        {
          jobId: job.id,
          raw: '{}',
          normalized: normalized(job.engine, `answer ${job.id}`),
          fetchedAt: Date.now(),
        },
      ]);
    store.close();
    const { jobIds, resultIds } = readHistoryFile(path, (db) => ({
      jobIds: db.prepare('SELECT id FROM jobs ORDER BY rowid').pluck().all() as string[],
      resultIds: db.prepare('SELECT id FROM results ORDER BY seq').pluck().all() as string[],
    }));
    expect(run.id).toMatch(UUID_V7);
    expect(jobIds).toHaveLength(20);
    for (const id of [...jobIds, ...resultIds]) expect(id).toMatch(UUID_V7);
    expect(ascending(jobIds)).toBe(true);
    expect(ascending(resultIds)).toBe(true);
    expect(run.id < (jobIds[0] as string)).toBe(true);
  });
});
