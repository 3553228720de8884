// The history file: opening it (upgrade, recovery), inspecting its integrity, backup and restore,
// storage figures, private file modes, and the HistoryStore composing every part over one
// connection.

export { openHistory, type OpenHistoryOptions } from './open';
export type { HistoryStore } from './history-store';
export { type FileInspection, inspectHistoryFile, type IntegrityCheck } from './inspect';
export { type BackupInfo, restoreHistory, type RestoreInfo } from './backup';
export { companionPaths, PRIVATE_FILE_MODE } from './private-file';
export { CHECKED_FILES_NAME, type CheckedFiles, checkedFilesIn, fileState } from './checked-files';
