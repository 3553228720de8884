import {
  compileBrandMatcher,
  findBrandMentions,
  mentionText,
  type BrandMatcher,
} from '../../../shared/analytics';
import type { BrandView } from '../../../shared/ipc/channels/library';
import type { ResolvedPeriod } from '../../../shared/visibility/types';
import type { StoredResult } from '../../history';
import type { VisibilityService } from '../../analysis';
import type { ReportAnswer, ReportEvidence } from './types';

// The answers behind a report's key findings: the latest answers that name a competitor and
// not the focus brand, and those citing the top citation-gap domains; distinct answers only
// (different prompts, places or days, never the same text twice). The visibility service's
// drill-down gives the ids (the same answers the Visibility view opens in Compare); the store
// gives the answers, which are cut to an excerpt here and escaped only when rendered.

/** Answers shown per finding; the total matching is shown beside them. */
export const EVIDENCE_ANSWERS = 4;
/** Gap domains whose citing answers are shown. */
export const EVIDENCE_GAP_DOMAINS = 3;
const SOURCES_PER_ANSWER = 5;
const BEFORE = 160;
const AFTER = 440;

type Query = Parameters<VisibilityService['results']>[0];
type BaseQuery = Omit<Query, 'drill' | 'limit'>;
type Drill = Query['drill'];

/** About BEFORE + AFTER characters of text around `at`, cut at spaces, blank space folded. */
export function excerptAround(text: string, at: number): string {
  let start = Math.max(0, at - BEFORE);
  let end = Math.min(text.length, at + AFTER);
  if (start > 0) {
    // From the start of a line when one begins in the window (answers are often lists), else a word.
    const line = text.indexOf('\n', start);
    const space = text.indexOf(' ', start);
    if (line !== -1 && line < at) start = line + 1;
    else if (space !== -1 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > at) end = space;
  }
  // Line breaks kept (answers are often lists), runs of blank space and blank lines folded.
  const body = text
    .slice(start, end)
    .replace(/[^\S\n]+/gu, ' ')
    .replace(/ ?\n[\s]*/gu, '\n')
    .trim();
  return `${start > 0 ? '… ' : ''}${body}${end < text.length ? ' …' : ''}`;
}

function toAnswer(
  r: StoredResult,
  matcher: BrandMatcher,
  names: Map<string, BrandView>,
  domain: string | null,
): ReportAnswer {
  // A search result without text is quoted by the results naming the brands, as Visibility counts it.
  const text = mentionText(r.normalized);
  const mentions = findBrandMentions(matcher, text);
  const rival = mentions.find((m) => names.get(m.brandId)?.kind === 'competitor') ?? mentions[0];
  const named = [...new Set(mentions.map((m) => names.get(m.brandId)?.name ?? m.brandId))];
  // The gap domain's source first when the answer cites it, then the engine's order.
  const cites = (host: string): boolean =>
    domain !== null && (host === domain || host.endsWith(`.${domain}`));
  const sources = [...r.normalized.sources]
    .sort((a, b) => Number(cites(b.domain)) - Number(cites(a.domain)))
    .slice(0, SOURCES_PER_ANSWER)
    .map((s) => ({ url: s.url, title: s.title, domain: s.domain }));
  return {
    resultId: r.resultId,
    runId: r.runId,
    prompt: r.prompt,
    engine: r.engine,
    location: r.state ? `US-${r.state}` : r.country,
    date: new Date(r.fetchedAt).toISOString().slice(0, 10),
    excerpt: text.trim() === '' ? '' : excerptAround(text, rival?.start ?? 0),
    brandsNamed: named,
    sources,
    sandbox: r.sandbox,
  };
}

/**
 * Answers that differ from each other in prompt, place or day (repeats of one question in one
 * place on one day read alike), newest first, and never two with the same text.
 */
export function distinctAnswers<
  R extends Pick<StoredResult, 'prompt' | 'engine' | 'country' | 'state' | 'fetchedAt' | 'normalized'>,
>(results: readonly R[], want: number): R[] {
  const keys = new Set<string>();
  const texts = new Set<string>();
  const out: R[] = [];
  for (const r of [...results].sort((a, b) => b.fetchedAt - a.fetchedAt)) {
    const day = new Date(r.fetchedAt).toISOString().slice(0, 10);
    const key = [r.prompt, r.engine, r.country, r.state ?? '', day].join('\u0001');
    // A results page without text is its results' titles and snippets: two such pages differ by them.
    const text = mentionText(r.normalized).trim();
    if (keys.has(key) || texts.has(text)) continue;
    keys.add(key);
    texts.add(text);
    out.push(r);
    if (out.length === want) break;
  }
  return out;
}

export interface EvidenceDeps {
  visibility: VisibilityService;
  getResults(ids: readonly string[]): StoredResult[];
}

/** A finding whose answers are shown: its total over the period is already known (the gaps view). */
export interface Finding {
  kind: ReportEvidence['kind'];
  /** The gap domain (null: every answer naming a competitor but not the focus brand). */
  domain: string | null;
  /** Answers matching it over the whole period. */
  total: number;
}

/** Trailing windows tried in turn for the latest answers (days; the whole period last). */
const WINDOWS = [2, 14];
const DAY_MS = 86_400_000;
const isoPlus = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The newest answers of a finding. The drill-down counts every match when it fills its limit,
 * which over 90 days of a large history is the slow part; the total is known already, so the
 * newest answers are looked for in the last days first, and the window widens only when too
 * few are there.
 */
function latestIds(
  deps: EvidenceDeps,
  base: BaseQuery,
  period: ResolvedPeriod,
  drill: Drill,
  want: number,
): string[] {
  const windows = [
    ...WINDOWS.filter((d) => d < period.days).map((d) => ({
      from: isoPlus(period.to, 1 - d),
      to: period.to,
    })),
    { from: period.from, to: period.to },
  ];
  let ids: string[] = [];
  for (const w of windows) {
    ids = deps.visibility.results({ ...base, period: w, drill, limit: want }).resultIds;
    if (ids.length >= want) break;
  }
  return ids;
}

/** The answers behind the findings; empty without a focus brand or competitors. */
export function collectEvidence(
  deps: EvidenceDeps,
  base: BaseQuery,
  period: ResolvedPeriod,
  focus: BrandView | null,
  brands: BrandView[],
  findings: readonly Finding[],
): ReportEvidence[] {
  if (!focus || !brands.some((b) => b.kind === 'competitor' && b.id !== focus.id)) return [];
  const matcher = compileBrandMatcher(brands);
  const names = new Map(brands.map((b) => [b.id, b]));
  const shown = new Set<string>();
  const group = (f: Finding): ReportEvidence | null => {
    if (f.total === 0) return null;
    const drill = { gapFor: focus.id, ...(f.domain !== null ? { domain: f.domain } : {}) };
    // More than shown: answers already shown under another finding, and repeats of one question
    // in one place on one day, are skipped.
    const found = latestIds(deps, base, period, drill, EVIDENCE_ANSWERS * 6);
    const results = deps.getResults(found.filter((id) => !shown.has(id)));
    const picked = distinctAnswers(results, EVIDENCE_ANSWERS);
    picked.sort((a, b) => b.fetchedAt - a.fetchedAt);
    for (const r of picked) shown.add(r.resultId);
    const title =
      f.domain === null
        ? `Latest answers naming a competitor but not ${focus.name}`
        : `Answers citing ${f.domain} that name a competitor but not ${focus.name}`;
    const answers = picked.map((r) => toAnswer(r, matcher, names, f.domain));
    return { kind: f.kind, title, domain: f.domain, total: f.total, answers };
  };
  const missing = findings.filter((f) => f.kind === 'missing');
  const domains = findings.filter((f) => f.kind === 'gap-domain').slice(0, EVIDENCE_GAP_DOMAINS);
  return [...missing, ...domains].map(group).filter((g): g is ReportEvidence => g !== null);
}
