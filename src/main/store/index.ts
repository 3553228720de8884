// The local history: every run, job and result in one SQLite file, searchable offline.
export { openHistory, type OpenHistoryOptions } from './file/open';
export type { HistoryStore } from './file/history-store';
export { restoreHistory, type BackupInfo, type RestoreInfo } from './file/backup';
export { inspectHistoryFile, type FileInspection, type IntegrityCheck } from './file/inspect';
export {
  HistoryDamagedError,
  HistoryOpenError,
  HistoryStateError,
  type HistoryOpenErrorDetails,
  type HistoryOpenErrorKind,
} from './connection/errors';
export { MIGRATIONS, type Migration } from './schema/migrations';
export { buildJobGrid } from './runs/job-grid';
export { isMaskedKeyLabel, maskKeyLabel } from './runs/key-label';
export { toFtsQuery } from './search/fts-query';
export { PRIVATE_FILE_MODE } from './file/private-file';
export type { RunsApi } from './runs/runs';
export type { OwnerIdentity, RunOwner, RunOwnersApi } from './runs/run-owners';
export type {
  RunSession,
  RunSessionsApi,
  SessionReconciliation,
  UnreceivedCredits,
} from './runs/run-sessions';
export type { ResultsApi } from './answers/results';
export { pageTaskKey } from './pages/page-archive';
export { type ExportWorkerScript } from './exports/export-json-workers';
export type { ArchivedPage, PageArchiveApi, PageArchiveCounts, PageTask } from './pages/page-archive';
export type { SearchApi, SearchHit, SearchOptions } from './search/search';
export type {
  DomainCount,
  DomainFilter,
  DomainPeriodCount,
  QueriesApi,
  RunPageStates,
  RunTableRow,
  SeriesKey,
} from './answers/queries';
export type {
  AnswerFilter,
  AnswerRow,
  BrandMentionCount,
  BrandMentionFilter,
  BrandMentionInput,
  BrandMentionRow,
  MentionGroup,
  MentionsApi,
} from './answers/mentions';
export type { BrandInput, LibraryApi } from './library/library';
export type { MonitorInput, MonitorsApi } from './library/monitors';
export type { AlertCheckInput, AlertCheckRecord, AlertCheckResult, AlertsApi } from './alerts/alerts';
export type { AlertInputsApi, MonitorRunRef, RunAnswerFacts } from './alerts/alerts-inputs';
export type { MonitorOptionsApi, MonitorOptionsInput } from './alerts/alerts-options';
export type { WebhookAttemptOutcome, WebhookDeliveryRow, WebhookOutboxApi } from './alerts/alerts-webhooks';
export type * from './runs/types';
