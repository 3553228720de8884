import type Database from 'better-sqlite3';
import { HistoryStateError, pluck, stmt } from '../connection';
import { CONFIG_KINDS, sameContent, type ConfigKind, type ReplicaRow } from './columns';
import type { ConfigRows } from './config-rows';
import type { OutboxApi } from './outbox';

// Configuration is versioned per object on the team server. This history remembers the version
// it last saw of each object (sync_versions); a teammate's newer version wins over a local edit
// not sent yet, and that edit is kept as a draft (sync_drafts) for the analyst to apply again
// or discard. Deletions are tombstones both ways.

/** A configuration row from the team, with its version and tombstone. */
export interface TeamConfigRow {
  row: ReplicaRow;
  version: number;
  deletedAt: number | null;
  /** The teammate (login role) who wrote it last. */
  changedBy: string | null;
}

export type DraftReason = 'changed' | 'deleted' | 'name';

/** A local edit that lost to a teammate's, kept until applied or discarded. */
export interface SyncDraft {
  id: number;
  kind: ConfigKind;
  key: string;
  label: string;
  /** "Brand Veloxa was changed by a teammate (alice); your edit is kept as a draft." */
  message: string;
  /** The local edit was a deletion. */
  deletion: boolean;
  reason: DraftReason;
  changedBy: string | null;
  createdAt: number;
}

export interface ConfigApplyOutcome {
  applied: number;
  deleted: number;
  skipped: number;
  /** Local edits that lost to these rows. */
  drafts: SyncDraft[];
}

export interface ConfigReplicaApi {
  /** The team's version of the object as this history last saw it (null: never synced). */
  configVersion(kind: ConfigKind, key: string): number | null;
  setConfigVersion(kind: ConfigKind, key: string, version: number): void;
  /** The object here, as the team schema's row (null: not here). */
  readConfig(kind: ConfigKind, key: string): ReplicaRow | null;
  /** Applies the team's rows of one kind (inside replica.applying). */
  applyConfig(kind: ConfigKind, rows: readonly TeamConfigRow[]): ConfigApplyOutcome;
  /**
   * A push found the team's object changed since this history saw it: the local edit (null: a
   * deletion) becomes a draft and the team's row (null: none) is applied (inside replica.applying).
   */
  keepAsDraft(
    kind: ConfigKind,
    key: string,
    local: ReplicaRow | null,
    team: TeamConfigRow | null,
    reason: DraftReason,
  ): SyncDraft;
  listDrafts(): SyncDraft[];
  /** 'apply': the draft becomes the local object again (sent at the next sync); 'discard': dropped. */
  resolveDraft(id: number, action: 'apply' | 'discard'): boolean;
}

interface DraftRow {
  id: number;
  kind: ConfigKind;
  key: string;
  label: string;
  draft_json: string | null;
  changed_by: string | null;
  reason: DraftReason;
  created_at: number;
}

function messageOf(row: DraftRow): string {
  const by = row.changed_by ? ` (${row.changed_by})` : '';
  const yours = row.draft_json === null ? 'your deletion' : 'your edit';
  if (row.reason === 'name')
    return `${row.label}: a teammate${by} added one with the same name; yours is kept as a draft.`;
  const what = row.reason === 'deleted' ? 'deleted' : 'changed';
  return `${row.label} was ${what} by a teammate${by}; ${yours} is kept as a draft.`;
}

const toDraft = (row: DraftRow): SyncDraft => ({
  id: row.id,
  kind: row.kind,
  key: row.key,
  label: row.label,
  message: messageOf(row),
  deletion: row.draft_json === null,
  reason: row.reason,
  changedBy: row.changed_by,
  createdAt: row.created_at,
});

export function createConfigReplicaApi(
  db: Database.Database,
  deps: { rows: Record<ConfigKind, ConfigRows>; outbox: OutboxApi; now: () => number },
): ConfigReplicaApi {
  const { rows: kinds, outbox } = deps;
  const versionOf = (kind: ConfigKind, key: string): number | null =>
    (pluck(db, 'SELECT version FROM sync_versions WHERE kind = ? AND key = ?').get(kind, key) as
      number | undefined) ?? null;
  const setVersion = (kind: ConfigKind, key: string, version: number): void => {
    stmt(
      db,
      `INSERT INTO sync_versions (kind, key, version) VALUES (?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET version = excluded.version`,
    ).run(kind, key, version);
  };
  const dropEntry = (kind: ConfigKind, key: string): void => {
    stmt(db, 'DELETE FROM sync_outbox WHERE kind = ? AND key = ?').run(kind, key);
  };

  /** `named`: what to call the object by when the local edit was a deletion (the team's row). */
  function recordDraft(
    kind: ConfigKind,
    key: string,
    local: ReplicaRow | null,
    changedBy: string | null,
    reason: DraftReason,
    named: ReplicaRow | null = null,
  ): SyncDraft {
    const row = stmt(
      db,
      `INSERT INTO sync_drafts (kind, key, label, draft_json, changed_by, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET label = excluded.label, draft_json = excluded.draft_json,
         changed_by = excluded.changed_by, reason = excluded.reason, created_at = excluded.created_at
       RETURNING *`,
    ).get(
      kind,
      key,
      kinds[kind].label(key, local ?? named),
      local === null ? null : JSON.stringify(local),
      changedBy,
      reason,
      deps.now(),
    ) as DraftRow;
    return toDraft(row);
  }

  /** Applies the team's row here; a brand whose name another local brand holds takes the name. */
  function applyTeam(
    kind: ConfigKind,
    key: string,
    team: TeamConfigRow,
    drafts: SyncDraft[],
  ): 'applied' | 'deleted' {
    if (team.deletedAt !== null) {
      kinds[kind].remove(key);
      setVersion(kind, key, team.version);
      return 'deleted';
    }
    try {
      kinds[kind].apply(team.row);
    } catch (error) {
      if (!(error instanceof HistoryStateError) || error.code !== 'conflict' || kind !== 'brand') throw error;
      const holder = pluck(db, 'SELECT id FROM brands WHERE name = ? AND id <> ?').get(
        team.row['name'],
        key,
      ) as string;
      // A brand made here and never sent loses its name to the team's: kept as a draft.
      if (versionOf('brand', holder) === null) {
        drafts.push(recordDraft('brand', holder, kinds.brand.read(holder), team.changedBy, 'name'));
        dropEntry('brand', holder);
      }
      kinds.brand.remove(holder);
      kinds[kind].apply(team.row);
    }
    setVersion(kind, key, team.version);
    return 'applied';
  }

  return {
    configVersion: versionOf,
    setConfigVersion: setVersion,
    readConfig: (kind, key) => kinds[kind].read(key),
    applyConfig(kind, rows) {
      const table = CONFIG_KINDS[kind];
      const outcome: ConfigApplyOutcome = { applied: 0, deleted: 0, skipped: 0, drafts: [] };
      const pending = outbox.pendingFor(
        kind,
        rows.map((t) => String(t.row[table.key[0] as string])),
      );
      for (const team of rows) {
        const key = String(team.row[table.key[0] as string]);
        const known = versionOf(kind, key);
        if (known !== null && known >= team.version) {
          outcome.skipped += 1;
          continue;
        }
        if (pending.has(key)) {
          const local = kinds[kind].read(key);
          const agree =
            team.deletedAt !== null ? local === null : local !== null && sameContent(table, local, team.row);
          dropEntry(kind, key);
          if (agree) {
            setVersion(kind, key, team.version);
            outcome.skipped += 1;
            continue;
          }
          outcome.drafts.push(
            recordDraft(
              kind,
              key,
              local,
              team.changedBy,
              team.deletedAt !== null ? 'deleted' : 'changed',
              team.row,
            ),
          );
        }
        outcome[applyTeam(kind, key, team, outcome.drafts)] += 1;
      }
      return outcome;
    },
    keepAsDraft(kind, key, local, team, reason) {
      const draft = recordDraft(kind, key, local, team?.changedBy ?? null, reason, team?.row ?? null);
      dropEntry(kind, key);
      if (team) applyTeam(kind, key, team, []);
      else kinds[kind].remove(key);
      return draft;
    },
    listDrafts() {
      return (stmt(db, 'SELECT * FROM sync_drafts ORDER BY created_at, id').all() as DraftRow[]).map(toDraft);
    },
    resolveDraft: db.transaction((id: number, action: 'apply' | 'discard'): boolean => {
      const row = stmt(db, 'SELECT * FROM sync_drafts WHERE id = ?').get(id) as DraftRow | undefined;
      if (!row) return false;
      if (action === 'apply') {
        // Written as an edit made now: recorded in the outbox, sent with the team's version as
        // its base, so it wins at the next sync unless a teammate changes the object again.
        if (row.draft_json === null) kinds[row.kind].remove(row.key);
        else kinds[row.kind].apply(JSON.parse(row.draft_json) as ReplicaRow);
      }
      stmt(db, 'DELETE FROM sync_drafts WHERE id = ?').run(id);
      return true;
    }),
  };
}
