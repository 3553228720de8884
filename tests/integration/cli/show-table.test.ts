import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { HistoryStore, JobRecord } from '../../../src/core/history';
import { clip, formatTable } from '../../../src/cli/core';
import { writeRunTable } from '../../../src/cli/commands/show/show-table';
import { engineLabeler } from '../../../src/shared/profile';
import { builtinProfile } from '../../../src/shared/profile/builtin';
import { newRun, normalized, openTemp, source, tempFolder } from '../store/helpers';

// `parallax show`'s table is written from the store's run rows in blocks of lines. It must be
// the very text the command printed before (formatTable over getRunMatrix, reproduced below),
// on a run with states, failures, empty cells, whitespace to flatten and long answers, and on
// one of more rows than a block. Engines are printed by the profile's label (the live profile's here).

const labelOf = engineLabeler(builtinProfile('live').profile);

const tmp = tempFolder();
let store: HistoryStore;
let runId: string;
let jobs: JobRecord[];
let bigRunId: string;

const TEXTS = [
  'Nike first. Then Hoka.',
  'Two\n\nparagraphs with\ttabs and  double  spaces, long enough to be clipped at seventy characters for sure.',
  '   leading spaces, then a no-break\u00a0space and a very long tail '.repeat(8),
  '\n\n\n',
  '',
];

/** What `show` printed before: formatTable over the run matrix, every row clipped the same way. */
function formerTable(id: string): string {
  const run = store.getRun(id)!;
  const cells = store.getRunMatrix(id);
  return formatTable(
    ['#', 'Prompt', 'Engine', 'Location', 'Rep', 'State', 'Sources', 'Answer / error'],
    cells.map((c) => [
      c.promptIndex + 1,
      clip(run.prompts[c.promptIndex] ?? '', 30),
      labelOf(c.engine),
      c.state ? `US-${c.state}` : c.country,
      c.repeat,
      c.jobState,
      c.sourceCount,
      c.error
        ? clip(`${c.error.code ?? ''} ${c.error.message} (request ${c.error.requestId ?? 'n/a'})`, 70)
        : clip(c.excerpt ?? '', 70),
    ]),
  );
}

function written(id: string): { text: string; writes: number } {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  writeRunTable(out, store.getRun(id)!.prompts, store.iterateRunTableRows(id), labelOf);
  return { text: chunks.join(''), writes: chunks.length };
}

beforeAll(() => {
  store = openTemp(tmp.file('show.db'));
  ({
    run: { id: runId },
    jobs,
  } = newRun(store, {
    prompts: ['best shoes', 'a prompt\nwith a newline and far more than thirty characters'],
    engines: ['assistant-a', 'search'],
    countries: ['US', 'DE'],
    states: ['CA'],
    repeats: 2,
  }));
  store.ingestResults(
    jobs.slice(0, 10).map((job, i) => ({
      jobId: job.id,
      fetchedAt: Date.UTC(2026, 0, 5) + i,
      raw: {},
      normalized: normalized(job.engine, TEXTS[i % TEXTS.length]!, {
        sources: Array.from({ length: i }, (_, k) => source(k + 1, `site${k}.com`, `title ${k}`)),
        htmlUrls: i < 3 ? [`https://cdn.example/page-${i}.html`] : [],
      }),
    })),
  );
  store.transitionJob(jobs[11]!.id, {
    jobState: 'failed',
    httpStatus: 429,
    error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow\ndown' },
    requestId: 'req-9',
  });
  store.transitionJob(jobs[12]!.id, {
    jobState: 'failed',
    error: { code: null, message: 'no code, no request id' },
  });

  const big = newRun(store, { prompts: ['p1', 'p2', 'p3'], countries: ['US', 'DE', 'FR'], repeats: 50 });
  bigRunId = big.run.id;
  store.ingestResults(
    big.jobs.slice(0, 400).map((job, i) => ({
      jobId: job.id,
      fetchedAt: Date.UTC(2026, 0, 6) + i,
      raw: {},
      normalized: normalized(job.engine, TEXTS[i % TEXTS.length]!),
    })),
  );
});
afterAll(() => {
  store.close();
  tmp.cleanup();
});

describe('show table', () => {
  it('is the text formatTable made, with the final newline writeLine added', () => {
    const { text } = written(runId);
    expect(text).toBe(`${formerTable(runId)}\n`);
    expect(text).toMatch(/RATE_LIMIT_EXCEEDED slow down \(request req-9\)/);
    expect(text).toMatch(/US-CA/);
    // The engines by the profile's labels, never by their ids.
    expect(text).toMatch(/ChatGPT/);
    expect(text).toMatch(/Google Search/);
    expect(text).not.toMatch(/assistant-a|\bsearch\b/);
  });

  it('writes a run larger than a block (250 lines) in several writes, the same text', () => {
    const { text, writes } = written(bigRunId);
    expect(writes).toBeGreaterThan(1);
    expect(text.split('\n')).toHaveLength(3 * 3 * 50 + 3);
    expect(text).toBe(`${formerTable(bigRunId)}\n`);
  });

  it('reads the same jobs in the same order as the run matrix', () => {
    const rows = [...store.iterateRunTableRows(runId)];
    const cells = store.getRunMatrix(runId);
    expect(rows).toEqual(
      cells.map((c) => ({
        promptIndex: c.promptIndex,
        engine: c.engine,
        country: c.country,
        state: c.state,
        repeat: c.repeat,
        jobState: c.jobState,
        sourceCount: c.sourceCount,
        excerpt: c.excerpt,
        error: c.error && { code: c.error.code, message: c.error.message, requestId: c.error.requestId },
      })),
    );
    expect([...store.iterateRunTableRows('no-run')]).toEqual([]);
  });

  it("counts the run's pages by state as the page statuses do", () => {
    const ids = store.getRunMatrix(runId).flatMap((c) => (c.resultId ? [c.resultId] : []));
    const task = store.duePages(Number.MAX_SAFE_INTEGER, 10, new Set())[0]!;
    store.failPage(task, 'expired', 'link expired');
    const statuses = [...store.pageArchiveStatus(ids).values()].flat();
    expect(statuses).toHaveLength(3);
    expect(store.getRunPageStates(runId)).toEqual({
      archived: 0,
      pending: statuses.filter((p) => p.state === 'pending').length,
      failed: 1,
    });
    expect(store.getRunPageStates(bigRunId)).toEqual({ archived: 0, pending: 0, failed: 0 });
  });
});
