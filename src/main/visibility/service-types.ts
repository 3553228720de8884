import type { InvokeParsedInput } from '../../shared/ipc/contract';
import type {
  CitationGapsView,
  DrillResults,
  FanOutView,
  SeriesKeyView,
  SourcesView,
  UrlsView,
  VisibilityBuckets,
  VisibilityOverview,
} from '../../shared/visibility/types';

// What the Visibility view (over IPC), `parallax visibility`/`sources` and the tests call:
// one service over the history store, inputs as the IPC contract parses them.

export type VisibilityQueryInput = InvokeParsedInput<'visibility.overview'>;

export interface VisibilityService {
  overview(input: InvokeParsedInput<'visibility.overview'>): VisibilityOverview;
  buckets(input: InvokeParsedInput<'visibility.buckets'>): VisibilityBuckets;
  sources(input: InvokeParsedInput<'visibility.sources'>): SourcesView;
  gaps(input: InvokeParsedInput<'visibility.gaps'>): CitationGapsView;
  urls(input: InvokeParsedInput<'visibility.urls'>): UrlsView;
  queries(input: InvokeParsedInput<'visibility.queries'>): FanOutView;
  results(input: InvokeParsedInput<'visibility.results'>): DrillResults;
  seriesKeys(input: InvokeParsedInput<'history.seriesKeys'>): SeriesKeyView[];
}

/**
 * Errors the service throws (as AppError from src/main/errors/app-error.ts, so IPC and the CLI
 * show the message): 'BRAND_NOT_FOUND' (unknown brandId), 'SCOPE_NOT_FOUND' (unknown monitor,
 * prompt set, tag or run), 'BAD_PERIOD' (a period the schema could not rule out). An empty
 * period or a scope without answers is not an error: the view's `empty` says why.
 */
export const VISIBILITY_ERROR_CODES = ['BRAND_NOT_FOUND', 'SCOPE_NOT_FOUND', 'BAD_PERIOD'] as const;
