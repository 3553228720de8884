// The history as a replica of a team's PostgreSQL history: the outbox of local changes, the
// rows a push sends and a pull applies, cursors, configuration versions and drafts
// (src/core/team/sync drives it; docs/internals/team.md#sync).

export { createReplicaApi, type ReplicaApi, type ReplicaCursor, type ReplicaDeps } from './replica';
export {
  canonicalJson,
  CONFIG_KIND_NAMES,
  CONFIG_KINDS,
  keyOf,
  RECORDED_KIND_NAMES,
  RECORDED_KINDS,
  sameContent,
  type ColumnType,
  type ConfigKind,
  type RecordedKind,
  type ReplicaRow,
  type ReplicaTable,
  type ReplicaValue,
  type SyncKind,
} from './columns';
export type { OutboxEntry } from './outbox';
export type { QuarantineDirection, QuarantineEntry, QuarantineItem } from './quarantine';
export type { ApplyOutcome, PulledResult } from './recorded-apply';
export type { ConfigApplyOutcome, DraftReason, SyncDraft, TeamConfigRow } from './config-sync';
