import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// The built-in judge takes the job's request language (its hl option) as its hint, read with
// the job's row at ingest: the same German answer stored for a job asking in German, for one
// asking in English and for one without a language is judged by the hint's lists (the last by
// the language the judge tells from the text).

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

const TEXT =
  'Acme ist hervorragend und die beste Wahl, sehr zu empfehlen. Bolt ist schrecklich und viel zu teuer.';

describe("the positioning judge's language at ingest", () => {
  it("is the job's hl option", () => {
    const path = tmp.file('language.db');
    const store = openTemp(path);
    store.saveBrand({ name: 'Acme', kind: 'brand' });
    store.saveBrand({ name: 'Bolt', kind: 'competitor' });
    const raw = new Database(path);
    const judged = (hl: string | null) => {
      const [job] = newRun(store, { prompts: [`best tools ${hl}`], engines: ['search-ai'] }).jobs;
      if (!job) throw new Error('no job');
      // The request as a run records it when it starts (a pulled job brings it from the team).
      raw.prepare('UPDATE jobs SET request_json = ? WHERE id = ?').run(JSON.stringify({ hl }), job.id);
      store.ingestResults([
        {
          jobId: job.id,
          raw: {},
          fetchedAt: Date.UTC(2026, 2, 2),
          normalized: normalized('search-ai', TEXT),
        },
      ]);
      return raw
        .prepare(
          `SELECT b.brand, b.sentiment, b.score FROM pos_brand b JOIN results r ON r.seq = b.seq
           WHERE r.job_id = ? ORDER BY b.brand`,
        )
        .all(job.id);
    };
    const german = judged('de');
    const english = judged('en');
    const guessed = judged(null);
    raw.close();
    store.close();
    expect(german).toEqual(guessed);
    expect(german).not.toEqual(english);
  });
});
