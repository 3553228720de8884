import { compileBrandMatcher, findBrandMentions, type BrandMatcher } from '../../shared/analytics';
import type { BrandView } from '../../shared/ipc/channels/library';
import type { StoredResult } from '../store/types';
import type { VisibilityService } from '../visibility';
import type { ReportAnswer, ReportEvidence } from './types';

// The answers behind a report's key findings: the latest answers that name a competitor and
// not the focus brand, and those citing the top citation-gap domains. The visibility service's
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
  const text = r.normalized.text;
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

export interface EvidenceDeps {
  visibility: VisibilityService;
  getResults(ids: readonly string[]): StoredResult[];
}

/** The answers behind the findings; empty without a focus brand or competitors. */
export function collectEvidence(
  deps: EvidenceDeps,
  base: BaseQuery,
  focus: BrandView | null,
  brands: BrandView[],
  gapDomains: readonly string[],
): ReportEvidence[] {
  if (!focus || !brands.some((b) => b.kind === 'competitor' && b.id !== focus.id)) return [];
  const matcher = compileBrandMatcher(brands);
  const names = new Map(brands.map((b) => [b.id, b]));
  const shown = new Set<string>();
  const group = (
    kind: ReportEvidence['kind'],
    title: string,
    domain: string | null,
  ): ReportEvidence | null => {
    const drill = { gapFor: focus.id, ...(domain !== null ? { domain } : {}) };
    // A few more than shown, so answers already shown under another finding can be skipped.
    const found = deps.visibility.results({ ...base, drill, limit: EVIDENCE_ANSWERS * 3 });
    if (found.total === 0) return null;
    const fresh = found.resultIds.filter((id) => !shown.has(id));
    const results = deps.getResults(fresh.length > 0 ? fresh : found.resultIds);
    // One answer per prompt × engine × location first: repeats of one cell read alike.
    const cellOf = (r: StoredResult): string =>
      `${r.prompt}\u0001${r.engine}\u0001${r.country}-${r.state ?? ''}`;
    const seen = new Set<string>();
    const distinct = results.filter((r) => !seen.has(cellOf(r)) && seen.add(cellOf(r)));
    const picked = [...distinct, ...results.filter((r) => !distinct.includes(r))].slice(0, EVIDENCE_ANSWERS);
    picked.sort((a, b) => b.fetchedAt - a.fetchedAt);
    for (const r of picked) shown.add(r.resultId);
    const answers = picked.map((r) => toAnswer(r, matcher, names, domain));
    return { kind, title, domain, total: found.total, answers };
  };
  const groups = [
    group('missing', `Latest answers naming a competitor but not ${focus.name}`, null),
    ...gapDomains
      .slice(0, EVIDENCE_GAP_DOMAINS)
      .map((d) => group('gap-domain', `Answers citing ${d} that name a competitor but not ${focus.name}`, d)),
  ];
  return groups.filter((g): g is ReportEvidence => g !== null);
}
