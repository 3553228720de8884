import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactsService } from '../../../src/core/analysis';
import { demoFactSheet } from '../../../src/core/demo';
import type { HistoryStore } from '../../../src/core/history';
import {
  factsFigures,
  notCheckedSentence,
  type FactCheckRow,
  type FactDomainRow,
  type FactsBy,
  type FactVerdict,
  type NotCheckedCount,
} from '../../../src/shared/facts';
import {
  DAY_MS,
  EARLIER_DAY,
  LATER_DAY,
  factPrompts,
  factsClock,
  ingestFactsRun,
  saveFactBrands,
} from '../../support/facts-history';
import { normalizeResult } from '../../../src/shared/api/normalize';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// The facts figures read the supported and contradicted checks one by one and the not-addressed
// ones as counts kept by triggers (fact_na_cells, migration 045). Whatever writes or deletes
// checks (ingest, a model judge's verdict, a sheet's re-check, a deleted run, the upgrade's fill),
// the counts equal a count of the checks themselves, and the figures equal those computed from
// every check one by one (the definition: the checker's verdict unless it left the fact not
// addressed and a model judged it), for the whole history and for periods starting mid-day.
// An answer in a language the checker does not read (Finnish here) is counted apart, as not
// checked, never as not addressed, until a model judge reads it.

const folder = tempFolder();
afterAll(() => folder.cleanup());

let store: HistoryStore;
let path: string;
let veloxa: string;
const clock = factsClock();

beforeAll(() => {
  path = folder.file('facts.db');
  store = openTemp(path, { now: clock.now });
  veloxa = saveFactBrands(store);
  const prompts = factPrompts(12);
  ingestFactsRun(store, clock, EARLIER_DAY, prompts);
  ingestText(EARLIER_DAY, FINNISH);
  ingestFactsRun(store, clock, LATER_DAY - 1, prompts.slice(0, 6));
  ingestText(LATER_DAY - 1, FINNISH);
  // First and last of its day in each engine: answers naming Veloxa without a word on any of its
  // facts (a cell's sums must not depend on which of its answers a query happens to read last).
  const silent = 'Veloxa makes running shoes, and runners talk about them.';
  ingestText(LATER_DAY, silent);
  ingestFactsRun(store, clock, LATER_DAY, prompts);
  ingestText(LATER_DAY, silent);
});

/** Veloxa's facts in Finnish, a language the checker does not read: a year and a place it would read in English. */
const FINNISH =
  'Veloxa on perustettu vuonna 1999, ja sen pääkonttori on Lissabonissa. Ilmaista versiota ei ole, mutta kengät ovat kevyitä.';

/** One answer per fact engine with this text, stored on `day` after the others. */
function ingestText(day: number, text: string): void {
  clock.at(day);
  const { jobs } = newRun(store, {
    prompts: ['who makes running shoes'],
    engines: ['assistant-a', 'assistant-c'],
    countries: ['US'],
  });
  store.ingestResults(
    jobs.map((job) => {
      const raw = { success: true, result: { text, markdown: text, sources: [] } };
      return {
        jobId: job.id,
        raw,
        fetchedAt: day * DAY_MS + DAY_MS * 0.9,
        normalized: normalizeResult(job.engine, raw),
      };
    }),
  );
}
afterAll(() => store?.close());

function read<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Cells whose stored count differs from a count of the checks (both ways); [] when they agree. */
function countsAgainstChecks(): unknown[] {
  const counted = `SELECT r.fetched_at / ${DAY_MS} AS day, j.engine, j.country, coalesce(fc.language, 'und'),
      fc.brand_id, fc.key, count(*) AS answers
    FROM fact_checks fc JOIN results r ON r.seq = fc.seq JOIN jobs j ON j.id = fc.job_id
    WHERE fc.checker = 'builtin' AND fc.verdict = 'not-addressed' AND fc.unread IS NULL GROUP BY 1, 2, 3, 4, 5, 6`;
  const stored = 'SELECT day, engine, country, language, brand_id, key, answers FROM fact_na_cells';
  return [
    ...read(`${counted} EXCEPT ${stored}`).map((r) => ({ missing: r })),
    ...read(`${stored} EXCEPT ${counted}`).map((r) => ({ extra: r })),
  ];
}

/** The figures from every check one by one: the definition the counted reading must equal. */
function figuresOneByOne(sinceMs: number | null, by: FactsBy | null) {
  const eff = `SELECT b.seq, b.brand_id, b.key, coalesce(m.verdict, b.verdict) AS verdict,
      coalesce(m.checker, b.checker) AS checker, b.job_id, b.unread, coalesce(b.language, 'und') AS language,
      EXISTS (SELECT 1 FROM fact_checks x WHERE x.seq = b.seq AND x.brand_id = b.brand_id
        AND x.key = b.key AND x.checker <> 'builtin') AS model_read
    FROM fact_checks b LEFT JOIN fact_checks m ON b.verdict = 'not-addressed' AND m.seq = b.seq
      AND m.brand_id = b.brand_id AND m.key = b.key AND m.checker <> 'builtin' AND m.verdict <> 'not-addressed'
    WHERE b.checker = 'builtin'`;
  // An unread answer's fact is in the figures only once a model read it.
  const rows = read<FactCheckRow>(
    `SELECT e.seq, e.brand_id AS brandId, e.key, e.verdict, j.engine, j.country, e.language, e.checker
     FROM (${eff}) e JOIN results r ON r.seq = e.seq JOIN jobs j ON j.id = e.job_id
     WHERE r.fetched_at >= ? AND (e.unread IS NULL OR e.model_read) ORDER BY e.seq`,
    sinceMs ?? 0,
  );
  const unread = read<{ seq: number; brandId: string; engine: string; country: string; language: string }>(
    `SELECT DISTINCT b.seq, b.brand_id AS brandId, j.engine, j.country, b.unread AS language
     FROM fact_checks b JOIN results r ON r.seq = b.seq JOIN jobs j ON j.id = b.job_id
     WHERE b.checker = 'builtin' AND b.unread IS NOT NULL AND r.fetched_at >= ?
       AND NOT EXISTS (SELECT 1 FROM fact_checks m WHERE m.seq = b.seq AND m.brand_id = b.brand_id
         AND m.checker <> 'builtin')`,
    sinceMs ?? 0,
  );
  const cells = new Map<string, NotCheckedCount>();
  for (const u of unread) {
    const key = `${u.brandId} ${u.engine} ${u.country} ${u.language}`;
    const cell = cells.get(key) ?? {
      brandId: u.brandId,
      engine: u.engine,
      country: u.country,
      language: u.language,
      answers: 0,
    };
    cell.answers += 1;
    cells.set(key, cell);
  }
  const notChecked = {
    answers: new Set(unread.map((u) => u.seq)).size,
    cells: [...cells.values()].sort((a, b) =>
      `${a.brandId} ${a.engine} ${a.country} ${a.language}`.localeCompare(
        `${b.brandId} ${b.engine} ${b.country} ${b.language}`,
      ),
    ),
  };
  const domains = read<FactDomainRow>(
    `WITH answer AS (SELECT e.seq, e.brand_id, max(e.verdict = 'contradicted') AS bad, max(e.verdict = 'supported') AS good
       FROM (${eff}) e JOIN results r ON r.seq = e.seq WHERE r.fetched_at >= ? GROUP BY e.seq, e.brand_id)
     SELECT a.brand_id AS brandId, d.domain, sum(a.bad) AS contradicted, sum(a.good AND NOT a.bad) AS supported
     FROM answer a JOIN vis_result_domain rd ON rd.seq = a.seq JOIN vis_domains d ON d.id = rd.domain
     WHERE a.bad OR a.good GROUP BY a.brand_id, d.domain`,
    sinceMs ?? 0,
  );
  return factsFigures(rows, domains, names(), by, [], notChecked);
}

/** The model judge 'model:test' gives this verdict on Veloxa's fact in the check's answer. */
function modelSays(check: { seq: number; job_id: string; key: string }, verdict: FactVerdict): void {
  store.writeFactModelChecks(
    check.seq,
    check.job_id,
    [{ brandId: veloxa, key: check.key, verdict, evidence: null, checker: 'model:test' }],
    store.factsVersion(),
  );
}

const names = (): Map<string, string> => new Map(store.listBrands().map((b) => [b.id, b.name]));

/** The figures as the Facts panel, `parallax facts` and the MCP tool read them. */
function figuresCounted(sinceMs: number | null, by: FactsBy | null) {
  return createFactsService({ store }).figures({ sinceMs, by });
}

/** The periods read: everything, from mid-day of each day (a part of a day read from its checks), after the last. */
const PERIODS = [
  null,
  EARLIER_DAY * DAY_MS,
  (LATER_DAY - 1) * DAY_MS + DAY_MS / 4,
  LATER_DAY * DAY_MS + DAY_MS / 2,
  LATER_DAY * DAY_MS + DAY_MS / 2 + 1,
  (LATER_DAY + 1) * DAY_MS,
];

function expectSameFigures(): void {
  for (const since of PERIODS)
    for (const by of [null, 'engine', 'country', 'language', 'fact'] as const)
      expect(figuresCounted(since, by), `since ${since}, by ${by}`).toEqual(figuresOneByOne(since, by));
}

/** What the findings compare, from every check of the days one by one (the checker's verdicts). */
function periodOneByOne(fromDay: number, toDay: number) {
  const rows = read<{
    seq: number;
    brandId: string;
    key: string;
    verdict: string;
    engine: string;
    loc: string;
  }>(
    `SELECT fc.seq, fc.brand_id AS brandId, fc.key, fc.verdict, f.engine, f.loc
     FROM vis_result f JOIN fact_checks fc ON fc.seq = f.seq AND fc.checker = 'builtin'
     WHERE f.day BETWEEN ? AND ?`,
    fromDay,
    toDay,
  );
  const facts = new Map<string, { addressing: number; contradicted: number }>();
  const answers = new Map<string, { addressing: Set<number>; contradicting: Set<number> }>();
  for (const r of rows) {
    if (r.verdict === 'not-addressed') continue;
    const fact = facts.get(`${r.brandId} ${r.key} ${r.engine} ${r.loc}`) ?? {
      addressing: 0,
      contradicted: 0,
    };
    fact.addressing++;
    if (r.verdict === 'contradicted') fact.contradicted++;
    facts.set(`${r.brandId} ${r.key} ${r.engine} ${r.loc}`, fact);
    const cell = answers.get(`${r.brandId} ${r.engine} ${r.loc}`) ?? {
      addressing: new Set(),
      contradicting: new Set(),
    };
    cell.addressing.add(r.seq);
    if (r.verdict === 'contradicted') cell.contradicting.add(r.seq);
    answers.set(`${r.brandId} ${r.engine} ${r.loc}`, cell);
  }
  return {
    facts: [...facts].map(([k, v]) => `${k} ${v.addressing} ${v.contradicted}`).sort(),
    brands: [...answers].map(([k, v]) => `${k} ${v.addressing.size} ${v.contradicting.size}`).sort(),
  };
}

function periodSums(fromDay: number, toDay: number) {
  const sums = store.factsPeriod({ fromDay, toDay });
  return {
    facts: sums.facts
      .map((f) => `${f.brandId} ${f.key} ${f.engine} ${f.loc} ${f.addressing} ${f.contradicted}`)
      .sort(),
    brands: sums.brands
      .map((b) => `${b.brandId} ${b.engine} ${b.loc} ${b.addressing} ${b.contradicting}`)
      .sort(),
  };
}

describe('the facts figures from addressed checks and counted ones', () => {
  it('counts what ingest stored, and reads the same figures as every check one by one', () => {
    expect(read('SELECT count(*) AS n FROM fact_na_cells')[0]).not.toEqual({ n: 0 });
    expect(countsAgainstChecks()).toEqual([]);
    const all = figuresCounted(null, null).brands.find((b) => b.brand === 'Veloxa');
    expect(all?.discrepancyRate.n).toBeGreaterThan(0);
    expect(all?.facts.some((f) => f.notAddressed > 0 && f.supported + f.contradicted > 0)).toBe(true);
    expectSameFigures();
  });

  it("sums every cell of a period's checks for the findings, each answer once per brand", () => {
    for (const [from, to] of [
      [EARLIER_DAY, LATER_DAY],
      [LATER_DAY - 1, LATER_DAY],
      [LATER_DAY, LATER_DAY],
    ] as const) {
      const sums = periodSums(from, to);
      expect(sums.brands.length).toBeGreaterThan(0);
      expect(sums).toEqual(periodOneByOne(from, to));
    }
  });

  it('counts a fact a model judge addressed as its verdict, not as not addressed', () => {
    const target = read<{ seq: number; job_id: string; key: string }>(
      `SELECT seq, job_id, key FROM fact_checks WHERE brand_id = ? AND checker = 'builtin'
       AND verdict = 'not-addressed' ORDER BY seq LIMIT 1`,
      veloxa,
    )[0];
    if (!target) throw new Error('no fact left not addressed');
    const before = figuresCounted(null, null).brands.find((b) => b.brand === 'Veloxa');
    const factBefore = before?.facts.find((f) => f.key === target.key);
    modelSays(target, 'supported');
    const after = figuresCounted(null, null);
    const factAfter = after.brands.find((b) => b.brand === 'Veloxa')?.facts.find((f) => f.key === target.key);
    expect(factAfter).toEqual({
      ...factBefore,
      supported: (factBefore?.supported ?? 0) + 1,
      notAddressed: (factBefore?.notAddressed ?? 0) - 1,
      byModel: (factBefore?.byModel ?? 0) + 1,
    });
    expect(after.judgedBy.models).toEqual([{ judge: 'model:test', verdicts: 1 }]);
    expect(after.notChecked.answers).toBe(4);
    expect(countsAgainstChecks()).toEqual([]);
    expectSameFigures();
  });

  it('counts an answer in a language the checker does not read as not checked, until a model reads it', () => {
    const unread = read<{ seq: number; job_id: string; key: string; verdict: string; unread: string }>(
      `SELECT seq, job_id, key, verdict, unread FROM fact_checks WHERE brand_id = ? AND checker = 'builtin'
       AND unread IS NOT NULL ORDER BY seq, key`,
      veloxa,
    );
    // Two engines on two days, every fact of the sheet left to a model.
    expect(new Set(unread.map((r) => r.seq)).size).toBe(4);
    expect(new Set(unread.map((r) => `${r.verdict} ${r.unread}`))).toEqual(new Set(['not-addressed fi']));
    const figures = figuresCounted(null, null);
    expect(figures.notChecked).toEqual({ answers: 4, note: notCheckedSentence(4) });
    expect(figures.brands.find((b) => b.brand === 'Veloxa')?.notChecked).toBe(4);
    expect(figuresCounted(null, 'engine').brands.map((b) => b.notChecked)).toEqual([2, 2]);
    expectSameFigures();

    // The model judge is offered them as work; its verdict counts, and the answer is no longer "not checked".
    const work = store.factModelWork('model:test', { after: -1, sinceMs: null, max: 500 });
    const first = unread[0];
    if (first === undefined) throw new Error('no unread check');
    expect(work.items.map((i) => i.seq)).toContain(first.seq);
    const before = figuresCounted(null, null).brands.find((b) => b.brand === 'Veloxa');
    modelSays(first, 'contradicted');
    const after = figuresCounted(null, null);
    const veloxaAfter = after.brands.find((b) => b.brand === 'Veloxa');
    expect(after.notChecked.answers).toBe(3);
    expect(veloxaAfter?.notChecked).toBe(3);
    const fact = (b: typeof before) => b?.facts.find((f) => f.key === first.key);
    expect(fact(veloxaAfter)).toEqual({
      ...fact(before),
      contradicted: (fact(before)?.contradicted ?? 0) + 1,
      byModel: (fact(before)?.byModel ?? 0) + 1,
    });
    expect(countsAgainstChecks()).toEqual([]);
    expectSameFigures();

    // A model that read another and found nothing on a fact: not addressed there, like any answer.
    const other = unread.find((r) => r.seq !== first.seq);
    if (other === undefined) throw new Error('one unread answer only');
    modelSays(other, 'not-addressed');
    const read2 = figuresCounted(null, null);
    expect(read2.notChecked.answers).toBe(2);
    const otherFact = (f: typeof read2) =>
      f.brands.find((b) => b.brand === 'Veloxa')?.facts.find((x) => x.key === other.key);
    expect(otherFact(read2)?.notAddressed).toBe((otherFact(after)?.notAddressed ?? 0) + 1);
    expectSameFigures();
  });

  it('keeps the counts through a changed sheet re-checked, and a deleted run', () => {
    store.setBrandFacts(veloxa, demoFactSheet('Veloxa', EARLIER_DAY));
    for (let step = store.recheckFacts(7); step !== null && !step.finished; step = store.recheckFacts(7)) {
      // Part-way through the re-check, the counts follow every batch.
      expect(countsAgainstChecks()).toEqual([]);
    }
    expect(store.factsRecheckPending()).toBe(false);
    expect(countsAgainstChecks()).toEqual([]);
    expectSameFigures();

    // Words no answer uses, then the sheet back: checks go from addressed to not addressed and
    // back in place (the re-check writes over an answer's rows).
    // The checker's own: a model's verdict on a changed fact goes with the sheet.
    const addressed = (): number =>
      store.factAddressedRows(null).filter((r) => r.brandId === veloxa && r.checker === 'builtin').length;
    const before = addressed();
    const sheet = demoFactSheet('Veloxa', EARLIER_DAY);
    const recheckWith = (facts: typeof sheet): void => {
      store.setBrandFacts(veloxa, facts);
      for (
        let step = store.recheckFacts(500);
        step !== null && !step.finished;
        step = store.recheckFacts(500)
      );
      expect(countsAgainstChecks()).toEqual([]);
      expectSameFigures();
    };
    recheckWith(sheet.map((f) => ({ ...f, words: ['zzqxv'] })));
    expect(addressed()).toBeLessThan(before);
    recheckWith(sheet);
    expect(addressed()).toBe(before);

    const middle = store
      .listRuns()
      .runs.filter((r) => r.createdAt >= (LATER_DAY - 1) * DAY_MS && r.createdAt < LATER_DAY * DAY_MS);
    expect(middle).toHaveLength(2);
    for (const run of middle) expect(store.deleteRun(run.id)).toBe(true);
    expect(read('SELECT count(*) AS n FROM fact_na_cells WHERE day = ?', LATER_DAY - 1)).toEqual([{ n: 0 }]);
    expect(countsAgainstChecks()).toEqual([]);
    expectSameFigures();
  });

  it('fills the counts of a history made before them, and finds its unread answers again (the upgrade)', () => {
    const stored = read('SELECT * FROM fact_na_cells ORDER BY day, engine, country, brand_id, key');
    const notChecked = figuresCounted(null, null).notChecked;
    expect(notChecked.answers).toBeGreaterThan(0);
    store.close();
    const db = new Database(path);
    try {
      db.exec(`DROP TRIGGER fact_na_cells_insert; DROP TRIGGER fact_na_cells_delete;
        DROP TRIGGER fact_na_cells_update; DROP INDEX fact_checks_addressed; DROP TABLE fact_na_cells;
        DROP INDEX fact_checks_unread; ALTER TABLE fact_checks DROP COLUMN unread;
        ALTER TABLE fact_checks DROP COLUMN language;`);
      db.pragma('user_version = 44');
    } finally {
      db.close();
    }
    store = openTemp(path, { now: clock.now });
    // Before the re-check the unread answers count as not addressed, as they did before the
    // upgrade, and every count is under 'und': no check has told its language yet.
    expect(store.factsRecheckPending()).toBe(true);
    expect(figuresCounted(null, null).notChecked.answers).toBe(0);
    expect(read('SELECT DISTINCT language FROM fact_na_cells')).toEqual([{ language: 'und' }]);
    expect(countsAgainstChecks()).toEqual([]);
    expectSameFigures();
    for (let step = store.recheckFacts(7); step !== null && !step.finished; step = store.recheckFacts(7));
    expect(read('SELECT * FROM fact_na_cells ORDER BY day, engine, country, brand_id, key')).toEqual(stored);
    expect(figuresCounted(null, null).notChecked).toEqual(notChecked);
    expectSameFigures();
  });

  it('makes the counts again when a migration runs over rows that carry a language', () => {
    const stored = read('SELECT * FROM fact_na_cells ORDER BY day, engine, country, brand_id, key');
    store.close();
    const db = new Database(path);
    try {
      db.pragma('user_version = 44');
    } finally {
      db.close();
    }
    store = openTemp(path, { now: clock.now });
    expect(read('SELECT * FROM fact_na_cells ORDER BY day, engine, country, brand_id, key')).toEqual(stored);
    expect(countsAgainstChecks()).toEqual([]);
  });
});
