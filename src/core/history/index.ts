// The local history: every run, job and result in one SQLite file, searchable offline.
// The store's public face for the rest of the app: code outside src/core/history imports the
// store from here only; inside it, each folder is a capability whose index.ts is its public face
// to the other folders (docs/internals/store-layout.md; the lint rule in eslint.config.js).
export {
  openHistory,
  restoreHistory,
  inspectHistoryFile,
  checkedFilesIn,
  CHECKED_FILES_NAME,
  type CheckedFiles,
  companionPaths,
  PRIVATE_FILE_MODE,
  type OpenHistoryOptions,
  type HistoryStore,
  type BackupInfo,
  type RestoreInfo,
  type FileInspection,
  type IntegrityCheck,
} from './file';
export {
  HistoryDamagedError,
  HistoryOpenError,
  HistoryStateError,
  type HistoryOpenErrorDetails,
  type HistoryOpenErrorKind,
  BUSY_TIMEOUT_MS,
  freeBytesNear,
  HistoryWriteError,
  writeFailureKind,
  writeFailureMessage,
  type WriteFailureKind,
  newRecordId,
} from './connection';
export { registerStoreFunctions } from './codec';
export {
  MIGRATIONS,
  SCHEMA_BASELINE,
  applyMigrations,
  readBaseline,
  type SchemaBaseline,
  completeHistoryUpgrade,
  type Migration,
  type BackfillProgress,
} from './schema';
export { buildJobGrid, isMaskedKeyLabel, maskKeyLabel } from './runs';
export type * from './runs';
export type { ResultsApi } from './answers';
export type {
  DomainCount,
  DomainFilter,
  DomainPeriodCount,
  QueriesApi,
  RunPageStates,
  RunTableRow,
  SeriesKey,
} from './answers';
export type {
  AnswerFilter,
  AnswerRow,
  BrandMentionCount,
  BrandMentionFilter,
  BrandMentionInput,
  BrandMentionRow,
  MentionGroup,
  MentionsApi,
} from './answers';
export type * from './crawls';
export { toFtsQuery, type SearchApi, type SearchHit, type SearchOptions } from './search';
export {
  pageTaskKey,
  type ArchivedPage,
  type PageArchiveApi,
  type PageArchiveCounts,
  type PageTask,
} from './pages';
export {
  adBlockSql,
  adTypeSql,
  brandIdSql,
  openRunExportReader,
  productSurfaceSql,
  type ExportAdRow,
  type ExportFactRow,
  type ExportProductRow,
  type ExportCellSummary,
  type ExportJob,
  type ExportWorkerScript,
  type RunExportReader,
} from './exports';
export {
  type AnalysedAhead,
  analyseAnswersAhead,
  brandsKey,
  offerLeads,
  type AnalysedContent,
  offerBrandHits,
  REANALYSIS_BATCH,
  SOURCE_KIND_BITS,
  type VisBrandRow,
  type VisCellRow,
  type VisDim,
  type VisFilter,
  visBrandsQuery,
} from './visibility';
export type {
  DiscoveryDayFilter,
  DiscoveryExampleRow,
  DiscoveryNameRow,
  DiscoveryNameTotal,
} from './discovery';
export {
  compactVerdict,
  type CompactVerdict,
  type CompactVerdicts,
  isNotScored,
  type JudgeCacheApi,
  type JudgeCacheKey,
  type MovedState,
  openPositioningConnection,
  type PositioningConnection,
  type JudgeVerdict,
  type PosAttrRow,
  type PositioningJobApi,
  type PositioningReadApi,
  type PositioningResultsApi,
  type PosStatusRow,
  type RescoreBatch,
  type RescoreItem,
  type RescoreJob,
  type RescoreJobView,
  type RescoreReason,
  type RescoreRequest,
  RESCORE_SCOPE_SQL,
  RESCORE_SQL,
  type RescoreStep,
  type RescoreVerdicts,
  type StoredSummary,
  verdictCount,
  judgedContent,
  offerVerdict,
  polarityOfCode,
  sentimentOfCode,
  STATUS_CODES,
  type PrejudgeApi,
  type PrejudgeInputs,
  judgeCompact,
  packBackToBack,
  unpackBackToBack,
} from './positioning';
export {
  cleanTopics,
  importPromptTopics,
  promptByText,
  savePromptWithTopics,
  type PromptTopicsImport,
  type SaveAction,
  type SaveWithTopics,
} from './library';
export type {
  BrandInput,
  LibraryApi,
  MonitorInput,
  MonitorsApi,
  SiteKindOverride,
  SiteKindsApi,
} from './library';
export type {
  AlertCheckInput,
  AlertCheckRecord,
  AlertCheckResult,
  AlertsApi,
  AlertDigestsApi,
  AlertTrendInputsApi,
  RaisedTrend,
  RunSliceCounts,
  AlertInputsApi,
  MonitorRunRef,
  RunAnswerFacts,
  MonitorOptionsApi,
  MonitorOptionsInput,
  WebhookAttemptOutcome,
  WebhookDeliveryRow,
  WebhookOutboxApi,
} from './alerts';
export type { DemoDeleted } from './demo';
export type { FactDrill, FactsPeriodRows } from './facts';
export type {
  ComAdvertiserSums,
  ComBrandSums,
  ComCellSums,
  ComConquestSums,
  CommerceDim,
  ComFilter,
  CommerceReadApi,
  ComMerchantSums,
  ComPriceCount,
  ComProductDay,
} from './commerce';
export {
  CONFIG_KIND_NAMES,
  CONFIG_KINDS,
  RECORDED_KIND_NAMES,
  RECORDED_KINDS,
  canonicalJson,
  keyOf,
  sameContent,
  type ApplyOutcome,
  type ColumnType,
  type ConfigApplyOutcome,
  type ConfigKind,
  type DraftReason,
  type OutboxEntry,
  type PulledResult,
  type RecordedKind,
  type ReplicaApi,
  type QuarantineDirection,
  type QuarantineEntry,
  type QuarantineItem,
  type ReplicaCursor,
  type ReplicaRow,
  type ReplicaTable,
  type ReplicaValue,
  type SyncDraft,
  type SyncKind,
  type TeamConfigRow,
} from './replica';
// What the analysis export (src/core/outputs/db-export) reads the history with on its own connection.
export {
  sourceCountSql,
  docPartBytes,
  keptDocPart,
  frameContentSize,
  offerDoc,
  offerDocHoldingRaw,
  packDoc,
  resultDocParts,
  type PackedAhead,
  type ResultDoc,
} from './codec';

export type * from './outcomes';
export type {
  OwnFunnelInputs,
  SharedFunnelDay,
  SharedFunnelPick,
  SharedFunnelSite,
  SharedFunnelWeek,
  SharedFunnelWriter,
} from './shared-funnel';
export type { CachedFactVerdict, FactJudgeCacheKey, FactModelBatch, FactModelItem } from './facts';
