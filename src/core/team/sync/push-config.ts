import {
  CONFIG_KIND_NAMES,
  CONFIG_KINDS,
  sameContent,
  type ConfigKind,
  type DraftReason,
  type OutboxEntry,
  type ReplicaRow,
  type TeamConfigRow,
} from '../../history';
import { TeamError } from '../server';
import { add, advance, type StepContext } from './context';
import { checkCanceled } from './errors';
import { notSent, overCap } from './push-caps';
import { fetchConfigRow } from './team-config';
import { setAll, upsertParams, upsertSql } from './team-sql';

// Pushing configuration: each object on its own, against the team's version this history last
// saw of it. The team's row is changed only if it still has that version (UPDATE … WHERE
// version = $seen); otherwise a teammate changed it first, the team's row wins, and the local
// edit is kept as a draft. A new object is inserted only if the team has none of that key
// (ON CONFLICT DO NOTHING). A deletion is a tombstone (deleted_at), under the same rule.

type Outcome = 'sent' | 'same' | DraftReason;

function keyColumn(kind: ConfigKind): string {
  return CONFIG_KINDS[kind].key[0] as string;
}

/** Runs a conditional write; the version the team's row has after it, or null when nothing matched. */
async function versionAfter(ctx: StepContext, sql: string, params: unknown[]): Promise<number | null> {
  try {
    const { rows } = await ctx.target.client.query<{ version: number }>(sql, params);
    return rows[0]?.version ?? null;
  } catch (error) {
    // Another live object of the team already has this one's unique name (brands).
    if (error instanceof TeamError && error.kind === 'exists') return -1;
    throw error;
  }
}

function insertRow(ctx: StepContext, kind: ConfigKind, local: ReplicaRow): Promise<number | null> {
  const table = CONFIG_KINDS[kind];
  return versionAfter(
    ctx,
    `${upsertSql(table)} RETURNING version`,
    upsertParams(table, ctx.target.workspaceId, [local]),
  );
}

/** Writes the local row over the team's if the team's still has `version` (a tombstone is revived). */
function updateRow(
  ctx: StepContext,
  kind: ConfigKind,
  local: ReplicaRow,
  version: number,
): Promise<number | null> {
  const table = CONFIG_KINDS[kind];
  const sql = `${upsertSql(table, {
    update: `${setAll(table, ['created_at'])}, deleted_at = NULL`,
    where: `parallax.${table.table}.version = ${Number(version)}`,
  })} RETURNING version`;
  return versionAfter(ctx, sql, upsertParams(table, ctx.target.workspaceId, [local]));
}

function tombstone(ctx: StepContext, kind: ConfigKind, key: string, version: number): Promise<number | null> {
  const table = CONFIG_KINDS[kind].table;
  return versionAfter(
    ctx,
    `UPDATE parallax.${table} SET deleted_at = $4 WHERE workspace_id = $1 AND ${keyColumn(kind)} = $2
       AND version = $3 AND deleted_at IS NULL RETURNING version`,
    [ctx.target.workspaceId, key, version, Date.now()],
  );
}

async function pushDeletion(
  ctx: StepContext,
  kind: ConfigKind,
  key: string,
  seen: number | null,
): Promise<{ outcome: Outcome; team: TeamConfigRow | null }> {
  if (seen === null) return { outcome: 'same', team: null }; // never on the team
  const version = await tombstone(ctx, kind, key, seen);
  if (version !== null) {
    ctx.store.replica.setConfigVersion(kind, key, version);
    return { outcome: 'sent', team: null };
  }
  const team = await fetchConfigRow(ctx, kind, key);
  if (team === null || team.deletedAt !== null) return { outcome: 'same', team };
  return { outcome: 'changed', team };
}

async function pushEdit(
  ctx: StepContext,
  kind: ConfigKind,
  key: string,
  local: ReplicaRow,
  seen: number | null,
): Promise<{ outcome: Outcome; team: TeamConfigRow | null }> {
  let version = seen === null ? await insertRow(ctx, kind, local) : await updateRow(ctx, kind, local, seen);
  if (version === -1) return { outcome: 'name', team: null };
  if (version === null) {
    const team = await fetchConfigRow(ctx, kind, key);
    if (team === null) version = await insertRow(ctx, kind, local);
    else if (team.deletedAt === null && sameContent(CONFIG_KINDS[kind], local, team.row)) {
      // Already what the team has (this history's own earlier write, or a teammate's same edit).
      ctx.store.replica.setConfigVersion(kind, key, team.version);
      return { outcome: 'same', team };
    } else if (team.deletedAt !== null && seen === null) {
      // Made here with a key the team had deleted (a setting, a dismissed name): made again.
      version = await updateRow(ctx, kind, local, team.version);
    } else return { outcome: team.deletedAt !== null ? 'deleted' : 'changed', team };
  }
  if (version === null || version === -1) {
    return { outcome: version === -1 ? 'name' : 'changed', team: await fetchConfigRow(ctx, kind, key) };
  }
  ctx.store.replica.setConfigVersion(kind, key, version);
  return { outcome: 'sent', team: null };
}

async function pushEntry(ctx: StepContext, kind: ConfigKind, entry: OutboxEntry): Promise<void> {
  const replica = ctx.store.replica;
  const local = entry.deleted ? null : replica.readConfig(kind, entry.key);
  const tooLarge = local === null ? null : overCap(CONFIG_KINDS[kind], local);
  if (tooLarge !== null) {
    // The team would refuse it; the rest goes. It is sent again once edited.
    notSent(ctx, CONFIG_KINDS[kind].table, entry.key, tooLarge);
    replica.clearSent([entry]);
    return;
  }
  const seen = replica.configVersion(kind, entry.key);
  const { outcome, team } =
    local === null
      ? await pushDeletion(ctx, kind, entry.key, seen)
      : await pushEdit(ctx, kind, entry.key, local, seen);
  if (outcome === 'sent' || outcome === 'same') {
    replica.clearSent([entry]);
    if (outcome === 'sent') add(ctx.tally.pushed, kind, 1);
    return;
  }
  // The team's row wins: the local edit becomes a draft, the team's row is applied here.
  ctx.tally.drafts.push(replica.applying(() => replica.keepAsDraft(kind, entry.key, local, team, outcome)));
}

/** Sends every configuration change enqueued up to `head`. */
export async function pushConfig(ctx: StepContext, head: number): Promise<void> {
  for (const kind of CONFIG_KIND_NAMES) {
    let after = 0;
    for (;;) {
      checkCanceled(ctx.options.signal);
      const entries = ctx.store.replica.pendingChanges(kind, after, head, 100);
      if (entries.length === 0) break;
      after = (entries.at(-1) as OutboxEntry).id;
      for (const entry of entries) await pushEntry(ctx, kind, entry);
      await advance(ctx, 'push', kind, entries.length);
    }
  }
}
