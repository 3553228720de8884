import { MIN_ANSWERS_A_SIDE } from '../analytics/evidence';
import { wilsonInterval } from '../analytics/wilson';
import { languageNameOf } from '../positioning';
import type { FactVerdict } from './types';

// The facts figures of a period, from its stored checks: per brand the discrepancy rate (answers
// naming the brand with at least one contradicted fact, over those addressing any of its facts)
// with n and a Wilson 95 % interval; per fact its verdict counts; optionally split by engine,
// country or fact; and the domains cited in contradicting answers ranked against those cited in
// supporting ones (which pages spread the error).

export type FactsBy = 'engine' | 'country' | 'language' | 'fact';

/** The dimensions `by` may split the figures by, in the order the commands list them. */
export const FACTS_BY: readonly FactsBy[] = ['engine', 'country', 'language', 'fact'];

export interface FactCheckRow {
  seq: number;
  brandId: string;
  key: string;
  verdict: FactVerdict;
  engine: string;
  country: string;
  /** The answer's language as the checker told it ('und' when it has not); absent: 'und'. */
  language?: string;
  /** Who judged it: 'builtin', or the analyst's model ('model:…') where the checker said nothing. */
  checker?: string;
}

/**
 * Answers that left a brand's fact not addressed in one engine × country, counted where they are
 * stored (most checks say "not addressed": a period's are read as counts, not one by one).
 */
export interface NotAddressedCount {
  brandId: string;
  key: string;
  engine: string;
  country: string;
  language: string;
  answers: number;
}

/**
 * Answers naming a brand with a sheet in a language the built-in checker does not read (and no
 * model judge has read for it), in one engine × country: counted apart, never as "not addressed".
 */
export interface NotCheckedCount {
  brandId: string;
  engine: string;
  country: string;
  /** The language the checker does not read. */
  language: string;
  answers: number;
}

/** Those answers in all (an answer naming two brands is one), and per brand and cell. */
export interface NotChecked {
  answers: number;
  cells: NotCheckedCount[];
}

export interface FactDomainRow {
  brandId: string;
  domain: string;
  /** Answers citing the domain with a contradicted fact of the brand. */
  contradicted: number;
  /** Answers citing it that support a fact of the brand and contradict none. */
  supported: number;
}

export interface DiscrepancyRate {
  value: number;
  lower: number;
  upper: number;
  /** Answers naming the brand that address any of its facts. */
  n: number;
}

export interface FactCounts {
  key: string;
  supported: number;
  contradicted: number;
  notAddressed: number;
  /** Of the supported and contradicted, those the analyst's model judged (the checker left them not addressed). */
  byModel: number;
}

export interface BrandFactsFigures {
  brand: string;
  engine?: string;
  country?: string;
  language?: string;
  fact?: string;
  discrepancyRate: DiscrepancyRate;
  facts: FactCounts[];
  /** Answers naming the brand in a language the checker does not read: in no count above. */
  notChecked: number;
}

export interface FactSourceFigures {
  brand: string;
  domain: string;
  contradicting: number;
  supporting: number;
  /** Share of the brand's contradicting answers that cite the domain, and of its supporting ones. */
  contradictingShare: number;
  supportingShare: number;
}

export interface FactsFigures {
  brands: BrandFactsFigures[];
  sources: FactSourceFigures[];
  /** Which judged the verdicts: the checker alone, or with the analyst's model (its ids). */
  judgedBy: { checker: number; models: { judge: string; verdicts: number }[] };
  /** Answers in languages the checker does not read, and the sentence saying so (null for none). */
  notChecked: { answers: number; note: string | null };
}

function rateOf(rows: readonly FactCheckRow[]): DiscrepancyRate {
  const addressing = new Set<number>();
  const contradicting = new Set<number>();
  for (const r of rows) {
    if (r.verdict !== 'not-addressed') addressing.add(r.seq);
    if (r.verdict === 'contradicted') contradicting.add(r.seq);
  }
  const i = wilsonInterval(contradicting.size, addressing.size);
  return { value: i.rate, lower: i.lower, upper: i.upper, n: addressing.size };
}

function countsOf(
  rows: readonly FactCheckRow[],
  counted: readonly NotAddressedCount[],
  keys: readonly string[],
): FactCounts[] {
  return keys.map((key) => {
    const own = rows.filter((r) => r.key === key);
    const countedOut = counted.filter((c) => c.key === key).reduce((sum, c) => sum + c.answers, 0);
    return {
      key,
      supported: own.filter((r) => r.verdict === 'supported').length,
      contradicted: own.filter((r) => r.verdict === 'contradicted').length,
      notAddressed: own.filter((r) => r.verdict === 'not-addressed').length + countedOut,
      byModel: own.filter((r) => r.checker !== undefined && r.checker !== 'builtin').length,
    };
  });
}

/** Rows by key, in their order; one pass (a brand's group holds every check of the period). */
function groupBy<T>(rows: readonly T[], keyOf: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const key = keyOf(r);
    const group = out.get(key);
    if (group) group.push(r);
    else out.set(key, [r]);
  }
  return out;
}

/** The language of a check written before the checker told it (BCP 47 "undetermined"). */
const UNDETERMINED = 'und';

const answersIn = (cells: readonly NotCheckedCount[]): number => cells.reduce((sum, c) => sum + c.answers, 0);

function brandFigures(
  name: string,
  rows: readonly FactCheckRow[],
  counted: readonly NotAddressedCount[],
  unread: readonly NotCheckedCount[],
  by: FactsBy | null,
): BrandFactsFigures[] {
  const keys = [...new Set([...rows.map((r) => r.key), ...counted.map((c) => c.key)])].sort();
  if (by === null)
    return [
      {
        brand: name,
        discrepancyRate: rateOf(rows),
        facts: countsOf(rows, counted, keys),
        notChecked: answersIn(unread),
      },
    ];
  const cellOf = (r: Pick<FactCheckRow, 'engine' | 'country' | 'language'>, other: string): string =>
    by === 'fact' ? other : by === 'language' ? (r.language ?? UNDETERMINED) : r[by];
  const groupOf = (r: Pick<FactCheckRow, 'key' | 'engine' | 'country' | 'language'>): string =>
    cellOf(r, r.key);
  const groups = groupBy(rows, groupOf);
  const countedGroups = groupBy(counted, groupOf);
  // An unread answer is checked for none of the brand's facts: each fact's group counts it.
  const unreadGroups = by === 'fact' ? null : groupBy(unread, (c) => cellOf(c, ''));
  const groupKeys = [...groups.keys(), ...countedGroups.keys(), ...(unreadGroups?.keys() ?? [])];
  return [...new Set(groupKeys)].sort().map((g) => {
    const own = groups.get(g) ?? [];
    return {
      brand: name,
      [by]: g,
      discrepancyRate: rateOf(own),
      facts: countsOf(own, countedGroups.get(g) ?? [], by === 'fact' ? [g] : keys),
      notChecked: answersIn(unreadGroups === null ? unread : (unreadGroups.get(g) ?? [])),
    };
  });
}

function sourceFigures(
  name: string,
  rows: readonly FactCheckRow[],
  domains: readonly FactDomainRow[],
): FactSourceFigures[] {
  const bySeq = groupBy(rows, (r) => String(r.seq));
  let contradicting = 0;
  let supporting = 0;
  for (const own of bySeq.values()) {
    if (own.some((r) => r.verdict === 'contradicted')) contradicting++;
    else if (own.some((r) => r.verdict === 'supported')) supporting++;
  }
  return domains.map((d) => ({
    brand: name,
    domain: d.domain,
    contradicting: d.contradicted,
    supporting: d.supported,
    contradictingShare: contradicting === 0 ? 0 : d.contradicted / contradicting,
    supportingShare: supporting === 0 ? 0 : d.supported / supporting,
  }));
}

/** Domains that spread the error first: cited by more of the contradicting answers than of the supporting ones. */
function bySpread(a: FactSourceFigures, b: FactSourceFigures): number {
  const lift = b.contradictingShare - b.supportingShare - (a.contradictingShare - a.supportingShare);
  return lift !== 0 ? lift : b.contradicting - a.contradicting || a.domain.localeCompare(b.domain);
}

/** Verdicts (supported or contradicted) per judge: the checker's, each model's. */
function judgedByOf(rows: readonly FactCheckRow[]): FactsFigures['judgedBy'] {
  let checker = 0;
  const models = new Map<string, number>();
  for (const r of rows) {
    if (r.verdict === 'not-addressed') continue;
    if (r.checker === undefined || r.checker === 'builtin') checker++;
    else models.set(r.checker, (models.get(r.checker) ?? 0) + 1);
  }
  return {
    checker,
    models: [...models]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([judge, verdicts]) => ({ judge, verdicts })),
  };
}

/**
 * The figures of the checks of a period; `brands`: id → name of the tracked brands. `rows` may
 * leave out the not-addressed checks when `notAddressed` counts them; `notChecked` counts the
 * answers in languages the checker does not read.
 */
export function factsFigures(
  rows: readonly FactCheckRow[],
  domains: readonly FactDomainRow[],
  brands: ReadonlyMap<string, string>,
  by: FactsBy | null = null,
  notAddressed: readonly NotAddressedCount[] = [],
  notChecked: NotChecked = { answers: 0, cells: [] },
): FactsFigures {
  const byBrand = groupBy(rows, (r) => r.brandId);
  const countedByBrand = groupBy(notAddressed, (c) => c.brandId);
  const unreadByBrand = groupBy(notChecked.cells, (c) => c.brandId);
  const ids = [...new Set([...byBrand.keys(), ...countedByBrand.keys(), ...unreadByBrand.keys()])].sort(
    (a, b) => a.localeCompare(b),
  );
  const out: FactsFigures = {
    brands: [],
    sources: [],
    judgedBy: judgedByOf(rows),
    notChecked: { answers: notChecked.answers, note: notCheckedSentence(notChecked.answers) },
  };
  for (const id of ids) {
    const own = byBrand.get(id) ?? [];
    const name = brands.get(id) ?? id;
    out.brands.push(
      ...brandFigures(name, own, countedByBrand.get(id) ?? [], unreadByBrand.get(id) ?? [], by),
    );
    const cited = domains.filter((d) => d.brandId === id && d.contradicted > 0);
    out.sources.push(...sourceFigures(name, own, cited));
  }
  out.sources.sort(bySpread);
  return out;
}

/**
 * "12 answers name a brand with a fact sheet in a language the built-in checker does not read: a
 * model judge can check them" (null for none).
 */
export function notCheckedSentence(answers: number): string | null {
  if (answers <= 0) return null;
  const n = answers.toLocaleString('en');
  const one = answers === 1;
  return `${n} ${one ? 'answer names' : 'answers name'} a brand with a fact sheet in a language the built-in checker does not read: a model judge can check ${one ? 'it' : 'them'}`;
}

/** "; 12 answers in a language the checker does not read, not counted" beside a brand's rate ('' for none). */
export function notCheckedBeside(answers: number): string {
  if (answers <= 0) return '';
  return `; ${answers.toLocaleString('en')} ${answers === 1 ? 'answer' : 'answers'} in a language the checker does not read, not counted`;
}

/** Why an answer's facts were not checked: "not checked: Finnish (fi), a language the built-in checker does not read". */
export function notCheckedNote(language: string): string {
  return `not checked: ${languageNameOf(language)} (${language}), a language the built-in checker does not read`;
}

/** "few answers" when a rate rests on fewer answers than a claim needs (evidence.ts). */
export function fewAnswers(rate: DiscrepancyRate): boolean {
  return rate.n < MIN_ANSWERS_A_SIDE;
}

/** Who judged the verdicts, in words; null when the built-in checker judged them all. */
export function judgedByText(judgedBy: FactsFigures['judgedBy']): string | null {
  if (judgedBy.models.length === 0) return null;
  const models = judgedBy.models.map((m) => `${m.judge} (${m.verdicts.toLocaleString('en')})`).join(', ');
  return `Verdicts by the built-in checker (${judgedBy.checker.toLocaleString('en')}) and, on facts it left not addressed, by your model judge ${models}.`;
}
