// Start-up and quit decisions of the app, in plain Node: the Electron shell (src/main)
// renders their dialog models and reports the button pressed.
export {
  actionAt,
  toMessageBoxIndices,
  type AskDialog,
  type DialogButton,
  type DialogModel,
} from './dialog-model';
export {
  AUTO_BACKUP_INTERVAL_MS,
  AUTO_BACKUPS_KEPT,
  backupsFolder,
  latestBackup,
  listBackups,
  takeAutoBackupIfDue,
  type BackupFile,
} from './backups';
export { checkFolder, nearestExistingFolder, type FolderState } from './folders';
export { historyProblem, type StartupProblem, type StartupProblemKind } from './problems';
export { folderOf, startupDialog, type StartupAction, type StartupDialogContext } from './startup-dialog';
export {
  startWithRecovery,
  type StartupDeps,
  type StartupInput,
  type StartupOutcome,
} from './start-with-recovery';
export {
  createQuitController,
  quitDialog,
  type ActiveRunSummary,
  type QuitAction,
  type QuitController,
  type QuitDecision,
  type QuitDeps,
} from './quit';
export {
  PAUSED_AT_QUIT_FILE,
  recordPausedAtQuit,
  resumeOfferDialog,
  resumeOfferNotice,
  takePausedAtQuit,
  type ResumeAction,
} from './resume-offer';
export { watchCoreRuns, type CoreRuns } from './core-runs';
export {
  migrateStepByStep,
  pendingMigrations,
  type MigrationPlan,
  type MigrationProgress,
  type MigrationStep,
} from './migration';
export { migrateInWorker } from './migrate-in-worker';
export { splashHtml, splashModel, type SplashModel } from './splash';
