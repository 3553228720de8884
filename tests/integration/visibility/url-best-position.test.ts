import { afterAll, expect, it } from 'vitest';
import type { HistoryStore, JobRecord } from '../../../src/core/history';
import type { NormalizedSource } from '../../../src/shared/domain/result';
import { createVisibilityService } from '../../../src/core/analysis/visibility';
import { newRun, normalized, openTemp, source, tempFolder } from '../store/helpers';

// A URL's best position is a minimum in the roll-ups, which a subtraction cannot undo: when a
// stored answer is replaced (an async task collected again), the best must be read again from
// the answers that remain, or the Sources panel keeps a position no stored answer has.

const tmp = tempFolder();
const NOW = Date.UTC(2026, 2, 10, 12);
const AT = Date.UTC(2026, 2, 10, 9);
const period = { days: 7 };
afterAll(() => tmp.cleanup());

function store(store: HistoryStore, job: JobRecord, position: number, domain = 'review.com'): void {
  const sources = [source(1, 'other.org', 'O'), source(2, 'x.net', 'X'), source(3, 'y.net', 'Y')];
  sources.splice(position - 1, 0, { ...source(position, domain, 'R'), url: `https://${domain}/review` });
  store.ingestResults([
    {
      jobId: job.id,
      raw: {},
      fetchedAt: AT,
      normalized: normalized(job.engine, 'An answer.', {
        sources: sources.map((s, i) => ({ ...s, position: i + 1 })),
      }),
    },
  ]);
}

it("re-reads a URL's best position when the answer that held it is replaced", () => {
  const history = openTemp(tmp.file('best.db'));
  try {
    const { jobs } = newRun(history, { prompts: ['best shoes'], repeats: 2 });
    const [first, second] = jobs as [JobRecord, JobRecord];
    store(history, first, 1);
    store(history, second, 3);
    const svc = createVisibilityService({ store: history, now: () => NOW });
    const best = () =>
      svc
        .urls({ scope: { kind: 'all' }, period, domain: 'review.com', limit: 10 })
        .urls.map((u) => [u.answers, u.bestPosition]);
    expect(best()).toEqual([[2, 1]]);
    // The answer that cited it first now cites it fourth: the best is the other answer's 3.
    store(history, first, 4);
    expect(best()).toEqual([[2, 3]]);
    // Replaced again without the URL at all: one answer left, still at 3.
    store(history, first, 1, 'elsewhere.com');
    expect(best()).toEqual([[1, 3]]);
  } finally {
    history.close();
  }
});

it('counts a URL stored before this connection once, with new URLs of the same answer', () => {
  const path = tmp.file('reopen.db');
  const first = openTemp(path);
  const { jobs } = newRun(first, { prompts: ['best shoes'], repeats: 2 });
  const [a, b] = jobs as [JobRecord, JobRecord];
  store(first, a, 2);
  first.close();
  // A new connection knows no URL id yet: the stored URL is found, not inserted again.
  const second = openTemp(path);
  try {
    store(second, b, 1);
    const svc = createVisibilityService({ store: second, now: () => NOW });
    const urls = (domain: string) =>
      svc
        .urls({ scope: { kind: 'all' }, period, domain, limit: 10 })
        .urls.map((u) => [u.answers, u.bestPosition]);
    expect(urls('review.com')).toEqual([[2, 1]]);
    expect(urls('other.org')).toEqual([[2, 1]]);
    expect(urls('y.net')).toEqual([[2, 4]]);
  } finally {
    second.close();
  }
});

it('ties every URL to its own answers and title: new URLs in batches and chunks, known ones after a reopen', () => {
  // Answers cite overlapping pages of three domains; one cites 60 (two insert chunks of 50).
  // The ids of new URLs are taken from the insert (numbered in VALUES order), so an id given
  // to the wrong URL shows here as a count, a best position or a title on the wrong page.
  const path = tmp.file('numbered.db');
  const domains = ['a.com', 'b.org', 'c.net'];
  const citesOf = (k: number): NormalizedSource[] =>
    Array.from({ length: k === 7 ? 60 : 3 + (k % 9) }, (_, i) => {
      const domain = domains[(k + i) % 3] as string;
      const page = (k * 7 + i * 3) % 40;
      return { ...source(i + 1, domain, `title ${domain} ${page}`), url: `https://${domain}/p/${page}` };
    });
  const expected = new Map<string, { answers: number; best: number }>();
  const ingest = (history: HistoryStore, batch: Array<[JobRecord, number]>): void => {
    history.ingestResults(
      batch.map(([job, k]) => {
        const cites = citesOf(k);
        const firstAt = new Map<string, number>();
        for (const s of cites) if (!firstAt.has(s.url)) firstAt.set(s.url, s.position);
        for (const [url, position] of firstAt) {
          const e = expected.get(url) ?? { answers: 0, best: Infinity };
          expected.set(url, { answers: e.answers + 1, best: Math.min(e.best, position) });
        }
        return {
          jobId: job.id,
          raw: {},
          fetchedAt: AT,
          normalized: normalized(job.engine, `Answer ${k}.`, { sources: cites }),
        };
      }),
    );
  };
  const first = openTemp(path);
  const { jobs } = newRun(first, { prompts: ['best shoes'], repeats: 20 });
  const numbered = jobs.map((job, k): [JobRecord, number] => [job, k]);
  ingest(first, numbered.slice(0, 6));
  ingest(first, numbered.slice(6, 12));
  first.close();
  const second = openTemp(path);
  try {
    // This connection caches no id: its chunks mix URLs stored before with new ones.
    ingest(second, numbered.slice(12, 20));
    const svc = createVisibilityService({ store: second, now: () => NOW });
    const seen = new Map<string, { answers: number; best: number }>();
    for (const domain of domains)
      for (const u of svc.urls({ scope: { kind: 'all' }, period, domain, limit: 100 }).urls) {
        expect(u.title).toBe(`title ${domain} ${u.url.split('/').pop()}`);
        seen.set(u.url, { answers: u.answers, best: u.bestPosition });
      }
    expect(seen).toEqual(expected);
  } finally {
    second.close();
  }
});
