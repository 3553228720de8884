import type { Coverage } from '../evidence';
import { citationChangeDay, type CitationChange } from './changepoint';
import { shortEarlierOf } from './coverage';
import { competitorWhoGained, concentration } from './decompose';
import { commerceEvents, type Candidate } from './commerce';
import { factsEvents } from './facts';
import {
  caveatWords,
  changeWords,
  citationDayWords,
  concentrationWords,
  defaultEngineLabel,
  points,
  scopeWords,
  type EngineLabel,
} from './phrase';
import { scanSubjects, type ScopedTest } from './scan';
import { headline, isFewAnswers, isSignificant, scoreOf, subjectKey, subjectWeight } from './select';
import { cellId, collectSubjects, type Subject } from './subjects';
import type { CellKey, Contribution, DrillSpec, Finding, FindingsInput, FindingsView } from './types';

// What changed, as at most 7 ranked sentences: every brand metric, positioning
// measure, attribute and cited domain is tested in every engine × location scope against the
// previous period, the p-values controlled together (Benjamini–Hochberg), one headline per
// subject, ranked by effect size × significance × whose it is, then worded with the cells that
// carry the change, the competitor who gained and the day a citation stopped. A change on fewer
// than 30 answers a side is never significant and says "few answers"; one whose earlier period
// covers far fewer days or cells says so and ranks below those on comparable periods; the focus
// brand's own significant changes come first (a client reads the first line about its brand). Pure and
// deterministic: the same sums give the same findings, in the same order, with the same words.

export type * from './types';
export { citationChangeDay } from './changepoint';
export { benjaminiHochberg, normalCdf, testMeans, testNet, testRates, tTwoSided } from './significance';
export { caveatWords, defaultEngineLabel, ordinal, placeName, points, shortDate } from './phrase';

export const MAX_FINDINGS = 7;
const DEFAULT_FDR = 0.05;

interface Ranked {
  test: ScopedTest;
  score: number;
  key: string;
  /** The earlier period's coverage of the scope when short of the later one's, else null. */
  shortEarlier: Coverage | null;
  tier: number;
}

/**
 * The ranking's tiers, before the score: the focus brand's own significant changes, those on
 * comparable periods first; then the others on comparable periods; then the others whose earlier
 * period covers far fewer days or cells (a month against a day is not like for like).
 */
function tierOf(focusSignificant: boolean, shortEarlier: Coverage | null): number {
  return (focusSignificant ? 0 : 2) + (shortEarlier === null ? 0 : 1);
}

function rank(input: FindingsInput, tests: readonly ScopedTest[], fdr: number): Ranked[] {
  const bySubject = new Map<Subject, ScopedTest[]>();
  for (const t of tests) {
    const list = bySubject.get(t.subject);
    if (list) list.push(t);
    else bySubject.set(t.subject, [t]);
  }
  const shortOf = shortEarlierOf(input);
  const ranked: Ranked[] = [];
  for (const [subject, list] of bySubject) {
    const test = headline(list, fdr);
    if (test === null) continue;
    const score = scoreOf(test, fdr, subjectWeight(subject, input.focusBrandId, input.brands));
    const shortEarlier = shortOf(test.cells);
    const focusSignificant =
      subject.brandId !== null && subject.brandId === input.focusBrandId && isSignificant(test, fdr);
    ranked.push({
      test,
      score,
      key: `${subjectKey(subject)}|${JSON.stringify(test.scope)}`,
      shortEarlier,
      tier: tierOf(focusSignificant, shortEarlier),
    });
  }
  return ranked.sort(
    (a, b) => a.tier - b.tier || b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/** Where a finding's answers and its citation day are looked for: its scope, else its main cell. */
function focusCell(scope: Partial<CellKey>, cells: readonly Contribution[]): Partial<CellKey> {
  if (scope.engine !== undefined || scope.loc !== undefined) return scope;
  const top = cells[0];
  return top !== undefined && top.share >= 0.5 ? { engine: top.engine, loc: top.loc } : {};
}

function competitorWords(competitor: Finding['competitor'], kind: Finding['kind']): string {
  if (competitor === null) return '';
  if (kind === 'position')
    return `, while ${competitor.name} moved up ${Math.abs(competitor.effect).toFixed(1)} places`;
  if (kind === 'net-sentiment') return `, while the tone about ${competitor.name} warmed`;
  return `, while ${competitor.name} rose ${points(competitor.effect)}`;
}

function drillOf(f: Finding, where: Partial<CellKey>, change: CitationChange | null): DrillSpec {
  const base: DrillSpec = { period: 'current', ...where };
  if (f.kind === 'citation') {
    // Since the day it stopped: the answers that no longer cite it; since it started: those citing it.
    if (change !== null)
      return change.direction === 'started'
        ? { ...base, fromDay: change.day, domain: f.domain as string }
        : { ...base, fromDay: change.day };
    return f.effect > 0 ? { ...base, domain: f.domain as string } : base;
  }
  // A shelf presence that rose: the shelves showing the brand; one that fell: the shelves it is missing from.
  if (f.kind === 'shelf-presence')
    return {
      ...base,
      commerce: f.effect > 0 ? { kind: 'shelf', brandId: f.brandId as string } : { kind: 'shopping' },
    };
  return {
    ...base,
    brandId: f.brandId as string,
    mentioned: f.kind === 'mention-rate' ? f.effect > 0 : true,
  };
}

function describe(
  input: FindingsInput,
  r: Ranked,
  subjects: ReadonlyMap<string, Subject>,
  fdr: number,
): Finding {
  const { test } = r;
  const { subject, result } = test;
  const label: EngineLabel = input.engineLabel ?? defaultEngineLabel;
  const cells = concentration(test);
  const brand = input.brands.find((b) => b.id === subject.brandId);
  const competitor =
    brand?.id === input.focusBrandId
      ? competitorWhoGained(test, cells.length > 0 ? cells.map(cellId) : test.cells, subjects, input.brands)
      : null;
  const where = focusCell(test.scope, cells);
  const change =
    subject.kind === 'citation' && input.citationDays
      ? citationChangeDay(input.citationDays(subject.domain as string, where))
      : null;
  const finding: Finding = {
    kind: subject.kind,
    text: '',
    effect: result.delta,
    effectSize: result.size,
    significant: isSignificant(test, fdr),
    fewAnswers: isFewAnswers(test),
    shortEarlier: r.shortEarlier,
    pValue: result.pValue,
    qValue: test.qValue,
    score: r.score,
    brandId: subject.brandId,
    domain: subject.domain,
    attribute: subject.attribute,
    scope: test.scope,
    before: result.before,
    after: result.after,
    concentration: cells,
    competitor,
    changeDay: change?.day ?? null,
    resultIds: [],
  };
  const core =
    change !== null
      ? citationDayWords(subject.domain as string, where, change, label)
      : changeWords(
          { ...finding, name: brand?.name ?? '' },
          `${scopeWords(test.scope, label)}${concentrationWords(cells, label)}`,
        );
  finding.text = `${core}${competitorWords(competitor, subject.kind)}${caveatWords(finding)}.`;
  finding.resultIds = input.drill?.(drillOf(finding, where, change)) ?? [];
  return finding;
}

/** Every subject's headline and every commerce event, ranked, not yet worded; and the tests made. */
function candidatesOf(
  input: FindingsInput,
  subjects: readonly Subject[],
  brandSubjects: ReadonlyMap<string, Subject>,
  fdr: number,
): { candidates: Candidate[]; tests: number } {
  const tests = scanSubjects(subjects);
  const scanned: Candidate[] = rank(input, tests, fdr).map((r) => ({
    tier: r.tier,
    score: r.score,
    key: r.key,
    build: () => describe(input, r, brandSubjects, fdr),
  }));
  const events = commerceEvents(input, fdr);
  const facts = factsEvents(input, fdr);
  const candidates = [...scanned, ...events.candidates, ...facts.candidates].sort(byRank);
  return { candidates, tests: tests.length + events.tests + facts.tests };
}

function byRank(a: Candidate, b: Candidate): number {
  return a.tier - b.tier || b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * The facts findings alone, all of them (no limit), ranked: what the facts alerts raise from a
 * monitor's run against its previous one.
 */
export function findFactsChanges(input: FindingsInput): Finding[] {
  return factsEvents(input, input.fdr ?? DEFAULT_FDR)
    .candidates.sort(byRank)
    .map((c) => c.build());
}

/**
 * The commerce findings alone, all of them (no limit), ranked: what the commerce alerts raise
 * from a monitor's run against its previous one.
 */
export function findCommerceChanges(input: FindingsInput): Finding[] {
  const fdr = input.fdr ?? DEFAULT_FDR;
  const subjects = collectSubjects(input).filter((s) => s.kind === 'shelf-presence');
  return candidatesOf(input, subjects, new Map(), fdr).candidates.map((c) => c.build());
}

/** The period's findings: at most 7 (or input.limit), ranked, in plain words with their numbers. */
export function findChanges(input: FindingsInput): FindingsView {
  const fdr = input.fdr ?? DEFAULT_FDR;
  const limit = Math.max(0, Math.min(MAX_FINDINGS, input.limit ?? MAX_FINDINGS));
  const subjects = collectSubjects(input);
  const brandSubjects = new Map(
    subjects
      .filter((s) => s.brandId !== null && s.attribute === null)
      .map((s) => [`${s.kind}|${s.brandId}`, s]),
  );
  const { candidates, tests } = candidatesOf(input, subjects, brandSubjects, fdr);
  const findings = candidates.slice(0, limit).map((c) => c.build());
  return {
    period: input.period,
    focusBrandId: input.focusBrandId,
    tests,
    findings,
  };
}
