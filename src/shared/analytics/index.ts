// Comparison analytics over stored results: answer diffs, source overlap, brand visibility,
// variance across repeats and change over time. Pure functions over plain data, no Node
// built-ins: the renderer, the CLI and the exports all call these.

export { diffText } from './text-diff';
export type { DiffHunk, DiffOp, DiffSegment, DiffStats, TextDiff, TextDiffOptions } from './diff-types';
export { diffMarkdown } from './markdown-diff';
export type { BlockDiffStatus, MarkdownBlockDiff, MarkdownDiff, MarkdownDiffOptions } from './markdown-diff';
export { splitMarkdownBlocks } from './markdown-blocks';
export type { MarkdownBlock, MarkdownBlockKind } from './markdown-blocks';

export { hostBelongsTo, hostnameOf, normalizeUrl, registrableDomain } from './url-normalize';
export { rankedSources, sourceSet } from './source-sets';
export type { RankedSource, SourceFilter, SourceSet } from './source-sets';
export { compareLists, DEFAULT_RBO_P, jaccard, rankBiasedOverlap } from './list-overlap';
export type { ListComparison, OverlapOptions } from './list-overlap';
export { compareSources } from './source-compare';
export type { SourceComparison } from './source-compare';
export { buildSourceMatrix } from './source-matrix';
export type {
  SourceMatrix,
  SourceMatrixCell,
  SourceMatrixColumn,
  SourceMatrixOptions,
  SourceMatrixRow,
} from './source-matrix';

export { foldChar, foldText, foldWithOffsets } from './text-fold';
export type { FoldedText } from './text-fold';
export type { BrandDefinition, BrandMention } from './brand-types';
export { brandsOfHost, compileBrandMatcher, findBrandMentions } from './brand-matcher';
export type { BrandMatcher } from './brand-matcher';
export { brandVisibility } from './brand-visibility';
export type { BrandVisibility, BrandVisibilityInput, ResultBrandVisibility } from './brand-visibility';
export { mentionSource, mentionText, rankAt } from './mention-text';
export type { MentionText, ResultLine } from './mention-text';
export { resultBrandVisibility, withResultRanks } from './search-visibility';
export { aggregateBrandVisibility, aggregateBrandVisibilityBy } from './brand-aggregate';
export type { BrandAggregate } from './brand-aggregate';

export { repeatVerdict, wilsonInterval, Z_95 } from './wilson';
export type { ProportionInterval, RepeatVerdict } from './wilson';
export { brandRepeatVariance, sourceRepeatVariance } from './repeat-variance';
export type {
  BrandRepeatVariance,
  DomainRepeatPresence,
  RepeatVarianceOptions,
  SourceRepeatOptions,
  SourceRepeatVariance,
} from './repeat-variance';

export { buildMetricSeries } from './time-series';
export type {
  DatedResult,
  DomainPresence,
  MetricSeries,
  SeriesKey,
  SeriesOptions,
  SeriesPoint,
} from './time-series';
export { whatChanged, whatChangedBetween } from './what-changed';
export type { Move, PointChanges } from './what-changed';
