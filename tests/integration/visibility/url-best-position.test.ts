import { afterAll, expect, it } from 'vitest';
import type { HistoryStore, JobRecord } from '../../../src/main/store';
import { createVisibilityService } from '../../../src/main/visibility';
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
