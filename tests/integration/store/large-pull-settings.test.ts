import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../../src/core/history';
import { newRun, normalized, openTemp, tempFolder } from './helpers';

// A large pull's settings (replica.widenForLargePull): a wider page cache, and a WAL file left at
// its size between checkpoints instead of trimmed back after each, restored afterwards. A real
// file, with a small WAL limit and frequent checkpoints so a few answers show the difference.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

const WAL_LIMIT = 256 * 1024;

function open(name: string): { store: HistoryStore; db: Database.Database; wal: () => number } {
  let db: Database.Database | undefined;
  const path = tmp.file(name);
  const store = openTemp(path, {
    configure: (d) => {
      d.pragma(`journal_size_limit = ${WAL_LIMIT}`);
      d.pragma('wal_autocheckpoint = 8');
      db = d;
    },
  });
  return { store, db: db as Database.Database, wal: () => statSync(`${path}-wal`).size };
}

/**
 * Stores a run's answers in one commit: `large`, eight of 60 KB each, incompressible (well past the WAL limit);
 * otherwise one short one (well under it). Each commit is checkpointed after it.
 */
function storeAnswers(store: HistoryStore, prompt: string, large: boolean): void {
  const countries = large ? ['US', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'PL'] : ['US'];
  const { jobs } = newRun(store, { prompts: [prompt], countries });
  store.ingestResults(
    jobs.map((job, i) => ({
      jobId: job.id,
      raw: JSON.stringify({ text: `${prompt} ${i}` }),
      normalized: normalized(
        'assistant-a',
        large ? `${prompt} ${i} ${randomBytes(30_000).toString('hex')}` : `${prompt} ${i}`,
      ),
      fetchedAt: Date.UTC(2026, 0, 1),
    })),
  );
}

describe('a large pull keeps its WAL file at size and restores the settings after', () => {
  it('widens the cache and lifts the WAL limit, then puts both back', () => {
    const { store, db } = open('settings.db');
    const restore = store.replica.widenForLargePull(64);
    expect(db.pragma('cache_size', { simple: true })).toBe(-64 * 1024);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(-1);
    restore();
    expect(db.pragma('cache_size', { simple: true })).toBe(-32000);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(WAL_LIMIT);
    store.close();
  });

  it('the WAL stays past the limit while widened and is trimmed to it after', () => {
    const { store, db, wal } = open('wal-size.db');
    // Without the settings, the WAL a large commit grew is trimmed when the next one starts.
    storeAnswers(store, 'before', true);
    expect(wal()).toBeGreaterThan(2 * WAL_LIMIT);
    storeAnswers(store, 'before, short', false);
    expect(wal()).toBeLessThanOrEqual(WAL_LIMIT);
    const restore = store.replica.widenForLargePull(64);
    storeAnswers(store, 'widened', true);
    storeAnswers(store, 'widened, short', false);
    expect(wal()).toBeGreaterThan(2 * WAL_LIMIT);
    restore();
    storeAnswers(store, 'after, short', false);
    expect(wal()).toBeLessThanOrEqual(WAL_LIMIT);
    expect(db.prepare('SELECT count(*) FROM results').pluck().get()).toBe(8 + 1 + 8 + 1 + 1);
    store.close();
  });
});
