import type { EngineName } from '../../../shared/api/engines';
import type { InvokeParsedInput } from '../../../shared/ipc/contract';
import type {
  CitationGapsView,
  DrillResults,
  FanOutView,
  ReanalysisProgress,
  SeriesKeyView,
  SiteKindsView,
  SourcesView,
  UrlsView,
  VisibilityBuckets,
  VisibilityOverview,
} from '../../../shared/visibility/types';
import type { PromptsView } from '../../../shared/visibility/prompt-types';

// What the Visibility view (over IPC), `parallax visibility`/`sources` and the tests call:
// one service over the history store, inputs as the IPC contract parses them.

export type VisibilityQueryInput = InvokeParsedInput<'visibility.overview'>;

export interface VisibilityService {
  overview(input: InvokeParsedInput<'visibility.overview'>): VisibilityOverview;
  /** With `grain: 'week'`, day buckets are weeks, each named by its Monday (the client report's thin periods). */
  buckets(input: InvokeParsedInput<'visibility.buckets'> & { grain?: 'day' | 'week' }): VisibilityBuckets;
  sources(input: InvokeParsedInput<'visibility.sources'>): SourcesView;
  gaps(input: InvokeParsedInput<'visibility.gaps'>): CitationGapsView;
  urls(input: InvokeParsedInput<'visibility.urls'>): UrlsView;
  /**
   * The focus brand's cited pages per engine in one read (the funnel's "cited"): what `urls`
   * gives each engine alone, its first `limit` pages.
   */
  urlsByEngine(
    input: VisibilityQueryInput & { limit: number },
  ): Array<{ engine: EngineName; url: string; answers: number }>;
  queries(input: InvokeParsedInput<'visibility.queries'>): FanOutView;
  /** The shipped list's date, the user's overrides, and the given domains with their kind. */
  siteKinds(input: InvokeParsedInput<'visibility.siteKinds'>): SiteKindsView;
  /** Sets or clears the user's kind for a domain; returns the view with that domain classed. */
  setSiteKind(input: InvokeParsedInput<'visibility.setSiteKind'>): SiteKindsView;
  results(input: InvokeParsedInput<'visibility.results'>): DrillResults;
  /** Per prompt or topic: the focus brand's numbers (recommendation rate by the active judge). */
  prompts(input: InvokeParsedInput<'visibility.prompts'>): PromptsView;
  seriesKeys(input: InvokeParsedInput<'history.seriesKeys'>): SeriesKeyView[];
  /**
   * The re-analysis of stored answers after a brand change, while one is pending (null when
   * none): brand numbers count only the answers analysed so far until it ends.
   */
  reanalysis(): ReanalysisProgress | null;
  /**
   * Runs a pending re-analysis to the end, batch by batch (each its own transaction), calling
   * onProgress after each: for the CLI, which saves a brand and then waits. Returns the answers
   * analysed and stored (null when none was pending). The app runs it in the background instead
   * (src/core/analysis/visibility/reanalysis.ts).
   */
  finishReanalysis(onProgress?: (progress: ReanalysisProgress) => void): ReanalysisProgress | null;
  /** One batch of the pending re-analysis (its own transaction); null when none is pending. */
  reanalyseBatch(): (ReanalysisProgress & { finished: boolean }) | null;
}

/**
 * Errors the service throws (as AppError from src/core/platform/errors/app-error.ts, so IPC and the CLI
 * show the message): 'BRAND_NOT_FOUND' (unknown brandId), 'SCOPE_NOT_FOUND' (unknown monitor,
 * prompt set, tag or run), 'BAD_PERIOD' (a period the schema could not rule out). An empty
 * period or a scope without answers is not an error: the view's `empty` says why.
 */
export const VISIBILITY_ERROR_CODES = ['BRAND_NOT_FOUND', 'SCOPE_NOT_FOUND', 'BAD_PERIOD'] as const;
