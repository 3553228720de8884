import { describe, expect, it } from 'vitest';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { rng } from '../../bench/bench-random';
import { makeResult } from '../../bench/store-answers';
import { createSandboxRun, recordRun } from '../../support/sync-team';
import { teamForThisFile } from '../../support/team-for-file';

// An answer holding U+0000 (an engine's text, a scraped snippet), or a surrogate without its pair
// in what is stored as JSON: SQLite keeps both, PostgreSQL's text and jsonb cannot. Before, its
// push batch was refused ("invalid byte sequence for encoding UTF8: 0x00"), and so was every push
// after it: nothing this desktop recorded later reached the team. Real PostgreSQL, real history
// files.

const shared = teamForThisFile({ alice: 'member', bob: 'member' });

describe('an answer with a NUL character or a lone surrogate', () => {
  it('is pushed with U+FFFD in its place, and so is everything after it', async () => {
    const { team } = shared;
    const a = team.desktop('alice');
    await a.sync();
    const spec = runSpecSchema.parse({
      name: 'nul',
      prompts: ['best trail shoes'],
      engines: ['assistant-a'],
      countries: ['US'],
      repeats: 1,
    });
    const [job] = createSandboxRun(a.store, spec, 1).jobs;
    if (!job) throw new Error('no job');
    const m = makeResult(rng(1), 80);
    const text = 'The best trail shoe is\u0000 the Veloxa Trail.';
    const sources = m.normalized.sources.map((s, i) =>
      i === 0 ? { ...s, title: `Review\u0000 of 2026` } : s,
    );
    a.store.ingestResults([
      {
        jobId: job.id,
        raw: JSON.stringify({ answer: text }),
        normalized: {
          ...m.normalized,
          text,
          sources,
          engine: job.engine,
          // jsonb refuses a surrogate without its pair, which JSON.stringify writes as an escape.
          relatedSearches: ['trail shoes \uD800 women'],
        },
        fetchedAt: Date.now(),
        jobPatch: { jobState: 'succeeded', creditsCharged: 1 },
      },
    ]);
    expect((await a.sync()).pushed['result']).toBe(1);
    recordRun(a.store, 5);
    expect((await a.sync()).pushed['result']).toBe(5);
    expect(await team.count('results')).toBe(6);

    const b = team.desktop('bob');
    await b.sync();
    const pulled = b.store.getResultByJob(job.id)?.normalized;
    expect(pulled?.text).toBe('The best trail shoe is\uFFFD the Veloxa Trail.');
    expect(pulled?.sources[0]?.title).toBe('Review\uFFFD of 2026');
    expect(pulled?.relatedSearches).toEqual(['trail shoes \uFFFD women']);
    // The history that fetched it keeps its answer as the engine gave it.
    expect(a.store.getResultByJob(job.id)?.normalized.text).toBe(text);
  });
});
