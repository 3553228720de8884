// Stored answers: ingest of results (with the indexes derived from them), reading them back, the
// views' queries (run table, series, domains) and the brand-mention cache.

export { createResultsApi, type ResultsApi } from './results';
/** A source's tuple of texts as ingest stores it (the text-ids bench feeds the dictionary the same). */
export { sourceTuple } from './result-children';
export { createResultsBatchReader, type ResultsBatchReader } from './result-read-many';
export {
  createQueriesApi,
  type DomainCount,
  type DomainFilter,
  type DomainPeriodCount,
  type QueriesApi,
  type RunPageStates,
  type RunTableRow,
  type SeriesKey,
} from './queries';
export {
  type AnswerFilter,
  type AnswerRow,
  type BrandMentionCount,
  type BrandMentionFilter,
  type BrandMentionInput,
  type BrandMentionRow,
  createMentionsApi,
  type MentionGroup,
  type MentionsApi,
} from './mentions';
