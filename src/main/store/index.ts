// The local history: every run, job and result in one SQLite file, searchable offline.
export { openHistory, type OpenHistoryOptions } from './open';
export type { HistoryStore } from './history-store';
export { restoreHistory, type BackupInfo, type RestoreInfo } from './backup';
export { inspectHistoryFile, type FileInspection, type IntegrityCheck } from './inspect';
export {
  HistoryDamagedError,
  HistoryOpenError,
  HistoryStateError,
  type HistoryOpenErrorDetails,
  type HistoryOpenErrorKind,
} from './errors';
export { MIGRATIONS, type Migration } from './migrations';
export { buildJobGrid } from './job-grid';
export { isMaskedKeyLabel, maskKeyLabel } from './key-label';
export { toFtsQuery } from './fts-query';
export { PRIVATE_FILE_MODE } from './private-file';
export type { RunsApi } from './runs';
export type { OwnerIdentity, RunOwner, RunOwnersApi } from './run-owners';
export type { RunSession, RunSessionsApi, SessionReconciliation, UnreceivedCredits } from './run-sessions';
export type { ResultsApi } from './results';
export { pageTaskKey } from './page-archive';
export { type ExportWorkerScript } from './export-json-workers';
export type { ArchivedPage, PageArchiveApi, PageArchiveCounts, PageTask } from './page-archive';
export type { SearchApi, SearchHit, SearchOptions } from './search';
export type {
  DomainCount,
  DomainFilter,
  DomainPeriodCount,
  QueriesApi,
  RunPageStates,
  RunTableRow,
  SeriesKey,
} from './queries';
export type {
  AnswerFilter,
  AnswerRow,
  BrandMentionCount,
  BrandMentionFilter,
  BrandMentionInput,
  BrandMentionRow,
  MentionGroup,
  MentionsApi,
} from './mentions';
export type { BrandInput, LibraryApi } from './library';
export type { MonitorInput, MonitorsApi } from './monitors';
export type { AlertCheckInput, AlertCheckRecord, AlertCheckResult, AlertsApi } from './alerts';
export type { AlertInputsApi, MonitorRunRef, RunAnswerFacts } from './alerts-inputs';
export type { MonitorOptionsApi, MonitorOptionsInput } from './alerts-options';
export type { WebhookAttemptOutcome, WebhookDeliveryRow, WebhookOutboxApi } from './alerts-webhooks';
export type * from './types';
// What the analysis export (src/main/db-export) reads the history with on its own connection.
export { registerStoreFunctions } from './sql-functions';
export { sourceCountSql } from './list-sql';
export { docPartBytes } from './result-doc';
