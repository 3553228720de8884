import type { VisDim, VisFilter } from './visibility-levels';

// The rows the Visibility reads return: raw sums that src/core/analysis/visibility turns into rates,
// intervals and changes.

export interface VisCellRow {
  day?: number;
  run?: string;
  engine?: string;
  loc?: string;
  /** The prompt's text, when split by prompt (one text may come in several rows). */
  prompt?: string;
  answers: number;
}

export interface VisBrandRow extends Omit<VisCellRow, 'answers'> {
  brandId: string;
  mentioned: number;
  cited: number;
  ranked: number;
  rankSum: number;
  rankSq: number;
  mentions: number;
}

export interface VisDomainRow {
  domainId: number;
  domain: string;
  answers: number;
  kinds: number;
  day?: number;
}

export interface VisGapRows {
  gapAnswers: number;
  domains: Array<{ domainId: number; domain: string; gap: number; withFocus: number }>;
  competitors: Array<{ domainId: number; brandId: string; answers: number }>;
}

export interface VisUrlRow {
  url: string;
  title: string | null;
  answers: number;
  best: number;
}

export interface VisQueryRow {
  queryId: number;
  query: string;
  answers: number;
}

export interface VisDrillFilter {
  brandId?: string;
  mentioned?: boolean;
  /** With mentioned: true, named in the answer's own text (not a results page's titles). */
  inText?: boolean;
  cited?: boolean;
  day?: number;
  runId?: string;
  location?: string;
  engine?: string;
  domain?: string;
  url?: string;
  /** Answers naming one of these brands and not the focus. */
  gap?: { focusId: string; rivalIds: readonly string[] };
  query?: string;
}

export interface VisSeriesKeyRow {
  prompt: string;
  engine: string;
  country: string;
  state: string | null;
  answers: number;
  firstAt: number;
  lastAt: number;
}

export interface VisibilityReadApi {
  visCells(filter: VisFilter, by: readonly VisDim[]): VisCellRow[];
  visBrands(filter: VisFilter, by: readonly VisDim[]): VisBrandRow[];
  /** Top cited domains (or only domainIds), optionally per day. */
  visDomains(
    filter: VisFilter,
    options: { limit?: number; domainIds?: readonly number[]; byDay?: boolean },
  ): VisDomainRow[];
  /** Citation gaps of a focus brand; competitors are the rival brands given. */
  visGaps(filter: VisFilter, focusId: string, rivalIds: readonly string[], limit: number): VisGapRows;
  /** Domains stored whose host is one of these or a subdomain of one. */
  visDomainIds(hosts: readonly string[]): Array<{ id: number; domain: string }>;
  /** Answers citing each of these domains, per engine × location cell (the findings' read). */
  visDomainCells(
    filter: VisFilter,
    domainIds: readonly number[],
  ): Array<{ engine: string; loc: string; domain: string; answers: number }>;
  /** Per engine × location cell: the days with answers (UTC day numbers) and the prompts asked. */
  visCoverage(filter: VisFilter): Array<{ engine: string; loc: string; days: number[]; prompts: number }>;
  visUrls(filter: VisFilter, domainIds: readonly number[], limit: number): VisUrlRow[];
  /** visUrls per engine in one read: each engine's first `limit` pages, in visUrls's order. */
  visUrlsByEngine(
    filter: VisFilter,
    domainIds: readonly number[],
    limit: number,
  ): Array<VisUrlRow & { engine: string }>;
  visQueries(filter: VisFilter, options: { limit?: number; queryIds?: readonly number[] }): VisQueryRow[];
  /** Engines that ran each query, and the first day each was seen up to filter.toDay. */
  visQueryDetails(
    filter: VisFilter,
    queryIds: readonly number[],
  ): Array<{ queryId: number; engine: string; firstDay: number }>;
  visDrill(filter: VisFilter, drill: VisDrillFilter, limit: number): { resultIds: string[]; total: number };
  visSeriesKeys(text: string | undefined, limit: number): VisSeriesKeyRow[];
  /** Labels of runs (name, else creation date) by run id. */
  visRunLabels(runIds: readonly string[]): Record<string, string>;
  /** Run ids of a monitor, or null when there is no such monitor. */
  visMonitorRuns(monitorId: string): string[] | null;
  /** Runs and saved prompts carrying a tag, or null when the tag is unknown. */
  visTagged(tag: string): { runIds: string[]; promptIds: string[] } | null;
  /** Every prompt text asked in the history (distinct). */
  visPromptTexts(): string[];
  /** The earliest and latest day with results (null on an empty history). */
  visDayRange(): { first: number; last: number } | null;
}
