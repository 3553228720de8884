import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactsService } from '../../../src/core/analysis';
import { createFindingsService } from '../../../src/core/analysis/findings';
import type { HistoryStore } from '../../../src/core/history';
import type { Finding } from '../../../src/shared/analytics/findings/types';
import {
  DAY_MS,
  EARLIER_DAY,
  FACT_ENGINES,
  LATER_DAY,
  factPrompts,
  factsClock,
  ingestFactsRun,
  saveFactBrands,
  scripted,
} from '../../support/facts-history';
import { openTemp, tempFolder } from '../store/helpers';

// What changed on brand facts, through a real history of the sandbox's answers: Veloxa's
// price changed two days before the later day and about half the answers still quote the old
// one, while 60 days earlier every answer quoted it right; assistant-c states the founding year
// wrong on both days. The findings: a new contradiction of the price on each engine (none of
// the founding year, wrong all along), Veloxa's discrepancy rate risen, each with the numbers
// the sandbox scripted and the answers behind it; on 10 prompts a day, few answers and never
// significant.

const folder = tempFolder();
afterAll(() => folder.cleanup());

function history(prompts: readonly string[]): HistoryStore {
  const clock = factsClock();
  const store = openTemp(folder.file(`facts-${prompts.length}.db`), { now: clock.now });
  saveFactBrands(store);
  ingestFactsRun(store, clock, EARLIER_DAY, prompts);
  ingestFactsRun(store, clock, LATER_DAY, prompts);
  return store;
}

function findings(store: HistoryStore): Finding[] {
  const service = createFindingsService({
    store,
    now: () => LATER_DAY * DAY_MS + DAY_MS / 2,
    activeJudge: () => 'builtin',
  });
  const view = service.list({ scope: { kind: 'all' }, period: { days: 60 }, limit: 7, resultLimit: 500 });
  expect(view.empty).toBeNull();
  return view.findings;
}

/** The facts each engine states wrong on the later day and never on the earlier one, as the sandbox scripted them. */
function scriptedNew(prompts: readonly string[]) {
  return FACT_ENGINES.flatMap((engine) => {
    const before = scripted(engine, EARLIER_DAY, prompts);
    return [...scripted(engine, LATER_DAY, prompts)]
      .filter(([key, s]) => s.wrong > 0 && (before.get(key)?.wrong ?? 0) === 0)
      .map(([key, s]) => ({ engine, key, ...s }));
  });
}

describe('What changed on brand facts', () => {
  const prompts = factPrompts(45);
  let store: HistoryStore;
  beforeAll(() => {
    store = history(prompts);
  });
  afterAll(() => store?.close());

  it('finds the price each engine now contradicts, with the sandbox’s counts and the answers behind it', () => {
    {
      const expected = scriptedNew(prompts);
      // The premise: the stale price is the one new error on each engine; the wrong year is old.
      expect(expected.map((e) => e.key)).toEqual([
        expect.stringMatching(/^price-/),
        expect.stringMatching(/^price-/),
      ]);
      expect(scripted('assistant-c', EARLIER_DAY, prompts).get('founded')?.wrong).toBe(prompts.length);

      const found = findings(store).filter((f) => f.kind === 'new-contradiction');
      expect(found.map((f) => [f.scope.engine, f.fact]).sort()).toEqual(
        expected.map((e) => [e.engine, e.key]).sort(),
      );
      for (const e of expected) {
        const f = found.find((x) => x.scope.engine === e.engine) as Finding;
        expect(f.after).toMatchObject({ n: e.stated, value: e.wrong / e.stated });
        expect(f.before.value).toBe(0);
        expect(f.after.lower).toBeGreaterThan(0);
        expect(f.significant).toBe(true);
        expect(f.resultIds).toHaveLength(e.wrong);
        expect(f.text).toMatch(
          /now contradicts Veloxa's fact "price-[a-z0-9-]+" \(“.*\$\d+.*”\) in \d+ of \d+ answers addressing it \(\d+ %, 95 % interval \d+–\d+ %\); none of \d+ before\.$/u,
        );
      }
    }
  });

  it('finds Veloxa’s discrepancy rate risen, with n and interval on both sides', () => {
    {
      const wrongAnswers = (day: number) =>
        FACT_ENGINES.reduce(
          (sum, engine) =>
            sum +
            prompts.filter((p) => [...scripted(engine, day, [p]).values()].some((s) => s.wrong > 0)).length,
          0,
        );
      const f = findings(store).find((x) => x.kind === 'discrepancy-rate');
      const n = prompts.length * FACT_ENGINES.length;
      expect(f).toMatchObject({ brandId: expect.any(String), significant: true, fewAnswers: false });
      expect(f?.before).toMatchObject({ n, value: wrongAnswers(EARLIER_DAY) / n });
      expect(f?.after).toMatchObject({ n, value: wrongAnswers(LATER_DAY) / n });
      expect(f?.effect).toBeGreaterThan(0);
      expect(f?.text).toMatch(
        /^Veloxa's discrepancy rate rose \d+ points \(\d+ % → \d+ %\): \d+ of 90 answers addressing its facts contradict one/u,
      );
      expect(f?.resultIds).toHaveLength(wrongAnswers(LATER_DAY));
    }
  });

  it('reads each answer’s verdicts back by result id, the quotes at their offsets in the stored Markdown (what Compare marks)', () => {
    const f = findings(store).find((x) => x.kind === 'new-contradiction') as Finding;
    const ids = f.resultIds.slice(0, 5);
    const read = createFactsService({ store }).ofResults([...ids, 'no-such-answer']);
    expect(read.map((r) => r.resultId)).toEqual([...ids, 'no-such-answer']);
    expect(read.at(-1)?.checks).toEqual([]);
    for (const r of read.slice(0, -1)) {
      const markdown = store.getResult(r.resultId)?.normalized.markdown ?? '';
      const price = r.checks.find((c) => c.key === f.fact);
      expect(price).toMatchObject({ brand: 'Veloxa', verdict: 'contradicted' });
      for (const c of r.checks) {
        expect(c.evidence).not.toBeNull();
        expect(markdown.slice(c.evidence?.start, c.evidence?.end)).toBe(c.evidence?.text);
      }
      expect(r.checks.map((c) => c.verdict)).not.toContain('not-addressed');
    }
  });

  it('on 10 prompts a day says few answers and never calls a change significant', () => {
    const thin = history(factPrompts(10));
    try {
      const facts = findings(thin).filter(
        (f) => f.kind === 'new-contradiction' || f.kind === 'discrepancy-rate',
      );
      expect(facts.length).toBeGreaterThan(0);
      for (const f of facts) {
        expect(f.significant).toBe(false);
        expect(f.fewAnswers).toBe(true);
        expect(f.text).toMatch(
          /, on few answers \(\d+ before, \d+ after\): not significant, chance alone could explain it\.$/u,
        );
      }
    } finally {
      thin.close();
    }
  });
});
