import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryStore, IngestItem } from '../../../src/core/history';
import { runDocBackfill, applyMigrations, MIGRATIONS } from '../../../src/core/history/schema';
import { HEAD_CHARS, unpackDoc, registerStoreFunctions } from '../../../src/core/history/codec';
import { toVersion9 } from '../../support/old-history';
import { newRun, normalized, openTemp, searchIndexProblems, source, tempFolder } from './helpers';

// Migration 10 and ingest keep a result's answer text, source titles, Markdown and raw JSON in
// one zstd document (results.doc), read through generated columns by every reader and by the
// search index (its external content). Checked on real files: a version-9 file migrated in
// interrupted batches reads the same at every step, the search index stays consistent with
// what it indexed (FTS5's own integrity check), and odd texts come back as stored.

const folder = tempFolder();
afterAll(() => folder.cleanup());

const ANSWERS = 11;

function ingestAnswers(store: HistoryStore, texts: readonly string[], markdown = true) {
  const { run, jobs } = newRun(store, { prompts: ['best trail shoes'], repeats: texts.length });
  store.ingestResults(
    jobs.map((job, i): IngestItem => ({
      jobId: job.id,
      raw: { i, text: texts[i], nested: { list: [1, 2, 3] } },
      normalized: normalized('assistant-a', texts[i] as string, {
        markdown: markdown && i % 3 !== 0 ? `## ${texts[i]}\n\n- point ${i}` : null,
        sources: [
          source(1, 'shared.example', `Shared guide ${i % 2}`),
          source(2, `own-${i}.example`, `Own ${i}`),
        ],
        searchQueries: [`query ${i}`, 'trail shoes 2026'],
      }),
      fetchedAt: Date.UTC(2026, 0, 2, 0, i),
    })),
  );
  return { run, jobs };
}

const SEARCHES = ['trail', '"trail shoes"', 'tra*', 'answer', 'Shared', 'own*', 'guide'];

/** Every search's hits with their snippets, and every result as read back. */
function snapshot(store: HistoryStore, resultIds: readonly string[]) {
  return {
    found: SEARCHES.map((query) => store.search({ query }).hits.map((hit) => [hit.resultId, hit.snippet])),
    results: store.getResults(resultIds).map((r) => ({ normalized: r.normalized, rawJson: r.rawJson })),
    raw: resultIds.map((id) => store.getRawJson(id)),
  };
}

function counts(path: string) {
  const db = new Database(path, { readonly: true });
  registerStoreFunctions(db);
  try {
    const one = (sql: string) => db.prepare(sql).pluck().get() as number;
    return {
      packed: one('SELECT count(*) FROM results WHERE doc IS NOT NULL'),
      plain: one(
        "SELECT count(*) FROM results WHERE doc IS NULL OR answer_head <> substr(answer_text, 1, 100) OR source_titles_plain <> ''",
      ),
      markdownColumns: one(
        'SELECT count(*) FROM results WHERE markdown_zstd IS NOT NULL OR answer_markdown IS NOT NULL',
      ),
      rawRows: one('SELECT count(*) FROM result_docs'),
      backfillCursor: one("SELECT count(*) FROM meta WHERE key = 'doc_backfill_after'"),
    };
  } finally {
    db.close();
  }
}

describe('answer documents (migration 10)', () => {
  it('migrates a version-9 file in interrupted batches, reading the same texts, raw JSON and searches at every step', () => {
    const path = folder.file('v9.db');
    const store = openTemp(path);
    const texts = Array.from({ length: ANSWERS }, (_, i) => `answer ${i} about trail shoes`);
    const { jobs } = ingestAnswers(store, texts);
    const ids = jobs.map((j) => store.getResultByJob(j.id)!.resultId);
    const before = snapshot(store, ids);
    expect(before.found.every((hits) => hits.length > 0)).toBe(true);
    store.close();

    toVersion9(path);
    const v9 = new Database(path, { readonly: true });
    expect(v9.pragma('user_version', { simple: true })).toBe(9);
    expect(v9.prepare('SELECT count(*) FROM result_docs').pluck().get()).toBe(ANSWERS);
    expect(
      v9.prepare("SELECT count(*) FROM pragma_table_xinfo('results') WHERE name = 'doc'").pluck().get(),
    ).toBe(0);
    v9.close();

    // The schema step, then one batch of 4 rows, then "killed".
    const db = new Database(path);
    registerStoreFunctions(db);
    applyMigrations(db, MIGRATIONS);
    expect(runDocBackfill(db, { batchSize: 4, maxBatches: 1 })).toBe(false);
    db.close();
    // The rows not moved keep their Markdown (answers 4…10 but every third) in markdown_zstd.
    const withMarkdown = Array.from({ length: ANSWERS - 4 }, (_, k) => k + 4).filter(
      (i) => i % 3 !== 0,
    ).length;
    expect(counts(path)).toEqual({
      packed: 4,
      plain: ANSWERS - 4,
      markdownColumns: withMarkdown,
      rawRows: ANSWERS - 4,
      backfillCursor: 1,
    });
    expect(searchIndexProblems(path)).toBeNull();

    // Half moved: a read-only open reads both kinds of row alike.
    const half = openTemp(path, { readonly: true });
    expect(snapshot(half, ids)).toEqual(before);
    half.close();

    const progress: Array<[number, number]> = [];
    const upgraded = openTemp(path, { onUpgradeProgress: (p) => progress.push([p.done, p.total]) });
    expect(progress.at(-1)).toEqual([ANSWERS - 4, ANSWERS - 4]);
    expect(snapshot(upgraded, ids)).toEqual(before);
    upgraded.close();
    expect(counts(path)).toEqual({
      packed: ANSWERS,
      plain: 0,
      markdownColumns: 0,
      rawRows: 0,
      backfillCursor: 0,
    });
    expect(searchIndexProblems(path)).toBeNull();

    // A migrated file takes new answers and finds them with the old ones.
    const again = openTemp(path);
    ingestAnswers(again, ['a fresh answer about trail running']);
    expect(again.search({ query: 'trail' }).total).toBe(ANSWERS + 1);
    again.close();
    expect(searchIndexProblems(path)).toBeNull();
  });

  it('keeps odd texts as stored and the search index consistent through replace and delete', () => {
    const path = folder.file('odd.db');
    const store = openTemp(path);
    const texts = [
      'nul \u0000 inside, then walrus',
      'lone surrogate \ud800 then walrus',
      'emoji 🦭 and accents é walrus',
      '',
      'x'.repeat(200_000) + ' walrus',
    ];
    const { run, jobs } = ingestAnswers(store, texts);
    const stored = jobs.map((j) => store.getResultByJob(j.id)!);
    expect(stored.map((r) => r.normalized.text)).toEqual(texts.map((t) => t.toWellFormed()));
    expect(stored.map((r) => r.normalized.markdown)).toEqual(
      texts.map((t, i) => (i % 3 !== 0 ? `## ${t}\n\n- point ${i}`.toWellFormed() : null)),
    );
    // The 200,000-character answer is stored whole, and indexed for search up to its first
    // SEARCH_INDEX_CHARS characters: its walrus, past them, is not found.
    expect(store.search({ query: 'walrus' }).total).toBe(3);
    expect(searchIndexProblems(path)).toBeNull();

    // Replaced: the index drops the old words and takes the new ones.
    store.ingestResults([
      {
        jobId: jobs[0]!.id,
        raw: { v: 2 },
        normalized: normalized('assistant-a', 'narwhal now'),
        fetchedAt: 9,
      },
    ]);
    expect(store.search({ query: 'walrus' }).total).toBe(2);
    expect(store.search({ query: 'narwhal' }).total).toBe(1);
    expect(store.getResultByJob(jobs[0]!.id)!.rawJson).toBe('{"v":2}');
    expect(searchIndexProblems(path)).toBeNull();

    expect(store.deleteRun(run.id)).toBe(true);
    expect(store.search({ query: 'walrus OR narwhal' }).total).toBe(0);
    store.close();
    expect(searchIndexProblems(path)).toBeNull();
  });

  it("gives excerpts of any length from the answer's plain head or its document, counting characters as SQLite does", () => {
    const path = folder.file('excerpts.db');
    const store = openTemp(path);
    const texts = [
      'a'.repeat(99) + '\u{1F9AD} and after it ' + 'b'.repeat(300),
      'short',
      '\u{1F9AD}'.repeat(150),
    ];
    const { run } = ingestAnswers(store, texts);
    const chars = (text: string, n: number) => Array.from(text).slice(0, n).join('');
    for (const n of [1, 99, 100, 101, 280]) {
      const excerpts = store.getRunMatrix(run.id, { excerptChars: n }).map((c) => c.excerpt);
      expect(excerpts, `${n} characters`).toEqual(texts.map((t) => chars(t, n)));
    }
    // The default length is the head's: a run's list of answers reads no document.
    expect(store.getRunMatrix(run.id).map((c) => c.excerpt)).toEqual(texts.map((t) => chars(t, HEAD_CHARS)));
    store.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT answer_head FROM results ORDER BY seq').pluck().all()).toEqual(
      texts.map((t) => chars(t, HEAD_CHARS)),
    );
    db.close();
  });

  it('stores the four parts in one document that a connection without the functions cannot read', () => {
    const path = folder.file('doc.db');
    const store = openTemp(path);
    const { jobs } = ingestAnswers(store, ['the only answer', 'a second one']);
    store.close();
    const copy = folder.file('doc-copy.db');
    copyFileSync(path, copy);

    const db = new Database(copy, { readonly: true });
    const row = db
      .prepare('SELECT doc FROM results r JOIN jobs j ON j.id = r.job_id WHERE j.id = ?')
      .get(jobs[1]!.id) as {
      doc: Buffer;
    };
    expect(unpackDoc(row.doc)).toEqual({
      text: 'a second one',
      sourceTitles: 'Shared guide 1\nOwn 1',
      markdown: '## a second one\n\n- point 1',
      rawJson: JSON.stringify({ i: 1, text: 'a second one', nested: { list: [1, 2, 3] } }),
      searchQueriesJson: JSON.stringify(['query 1', 'trail shoes 2026']),
    });
    // Plain columns read without Parallax's functions; the texts need them, and say so.
    expect(db.prepare('SELECT count(*) FROM results').pluck().get()).toBe(2);
    expect(() => db.prepare('SELECT answer_text FROM results').all()).toThrow(/doc_text/);
    db.close();
  });
});
