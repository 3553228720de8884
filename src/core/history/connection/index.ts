// What every part of the store shares: the connection's context (clock, ids, damage guard), its
// compiled statements, JSON columns and the store's errors.

export type { StoreContext } from './context';
export { insertRows, multiRowSql, pluck, stmt } from './statements';
export { parseJson, parseObject, parseStringArray, toJson, toJsonOrNull } from './json';
export {
  damagedMessage,
  HistoryDamagedError,
  HistoryOpenError,
  type HistoryOpenErrorDetails,
  type HistoryOpenErrorKind,
  HistoryStateError,
} from './errors';
export { isDamageCode, openFailureKind, sqliteCode } from './sqlite-errors';
export {
  asWriteError,
  BUSY_TIMEOUT_MS,
  freeBytesNear,
  HistoryWriteError,
  OPEN_BUSY_TIMEOUT_MS,
  writeFailureKind,
  writeFailureMessage,
  type WriteFailureDetails,
  type WriteFailureKind,
} from './write-errors';
export { describeHolders, type FileHolder, processesUsingFile } from './file-holders';
export { newRecordId } from './record-ids';
