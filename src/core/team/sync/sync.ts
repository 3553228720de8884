import type { SyncConflictView, SyncReportView } from '../../../shared/ipc/channels/sync';
import {
  type HistoryStore,
  type SyncDraft,
  CONFIG_KIND_NAMES,
  CONFIG_KINDS,
  RECORDED_KINDS,
} from '../../history';
import type { TeamService, TeamSession } from '../server';
import { CLI_TUNING, emptyTally, type StepContext, type SyncOptions } from './context';
import { SyncError } from './errors';
import { pullConfig } from './pull-config';
import { PULLED_RECORDED_KINDS, pullRecorded } from './pull-recorded';
import { pushConfig } from './push-config';
import { pullFunnelDays } from './pull-funnel';
import { pushFunnelDays } from './push-funnel';
import { pushRecorded } from './push-recorded';
import { countAhead, START } from './team-reads';
import { openSyncTarget } from './target';

// One sync of a history with its workspace on the team server:
//   1. pull configuration (a teammate's newer version wins; a local edit not sent becomes a draft),
//   2. push configuration, then what was recorded here (runs, jobs, results, pages, sessions),
//   3. pull what teammates recorded (through the store's ingest: every local index built), and
//      the funnel totals teammates share (kept apart from this history's own imports).
// Each step goes in batches that are each one transaction on each side, so a sync cut anywhere
// (Ctrl-C, a kill, the server gone) loses nothing, doubles nothing, and the next one resumes.

export interface SyncDeps {
  store: HistoryStore;
  /** The team workspace's short name (the local workspace's slug). */
  workspace: string;
}

const SINCE_META = 'sync.since';

export const toConflictView = (draft: SyncDraft): SyncConflictView => ({
  id: draft.id,
  kind: draft.kind,
  key: draft.key,
  label: draft.label,
  message: draft.message,
  deletion: draft.deletion,
  changedBy: draft.changedBy,
  createdAt: draft.createdAt,
});

/** A wider window than the last sync's: what it left out is pulled from the start. */
function applyWindow(store: HistoryStore, since: number | null): void {
  const stored = store.getMeta(SINCE_META);
  const before = stored === null || stored === 'all' ? null : Number(stored);
  const wider = stored !== null && before !== null && (since === null || since < before);
  if (wider) store.replica.resetCursors(PULLED_RECORDED_KINDS.map((k) => RECORDED_KINDS[k].table));
  store.setMeta(SINCE_META, since === null ? 'all' : String(since));
}

async function countWork(ctx: StepContext, push: boolean, pull: boolean, head: number): Promise<number> {
  const recorded = ctx.options.pullRecorded === false ? [] : PULLED_RECORDED_KINDS;
  let total = 0;
  if (push) {
    for (const n of Object.values(ctx.store.replica.pendingCounts())) total += n ?? 0;
    total = Math.min(total, head);
  }
  if (pull) {
    const tables = [
      ...CONFIG_KIND_NAMES.map((k) => [k, CONFIG_KINDS[k].table] as const),
      ...recorded.map((k) => [k, RECORDED_KINDS[k].table] as const),
    ];
    for (const [kind, table] of tables) {
      const ahead = await countAhead(ctx, kind, ctx.store.replica.cursor(table) ?? START);
      ctx.progress.ahead[kind] = ahead;
      total += ahead;
    }
  }
  return total;
}

function trim(store: HistoryStore, since: number | null): number {
  if (since === null) return 0;
  let trimmed = 0;
  for (let n = -1; n !== 0; trimmed += n) n = store.replica.trimPulledRuns(since, 200);
  return trimmed;
}

/** Syncs over an open team session (the runner keeps its own; the CLI and the app use syncWorkspace). */
export async function syncWithSession(
  session: TeamSession,
  deps: SyncDeps,
  options: SyncOptions = {},
): Promise<SyncReportView> {
  const started = performance.now();
  const { store } = deps;
  const target = await openSyncTarget(session, store, deps.workspace);
  store.replica.startCapture();
  const head = store.replica.outboxHead();
  const since = options.since ?? null;
  applyWindow(store, since);
  const push = options.push !== false && target.access !== 'viewer';
  const pull = options.pull !== false;
  const ctx: StepContext = {
    store,
    target,
    options,
    tuning: options.tuning ?? CLI_TUNING,
    tally: emptyTally(),
    progress: { done: 0, total: 0, ahead: {} },
  };
  ctx.progress.total = await countWork(ctx, push, pull, head);
  let canceled = false;
  let trimmed = 0;
  let funnelDays: SyncReportView['funnelDays'] = null;
  let sharedFunnel: SyncReportView['sharedFunnel'] = null;
  const now = options.now?.() ?? Date.now();
  try {
    if (pull) await pullConfig(ctx);
    if (push) {
      await pushConfig(ctx, head);
      await pushRecorded(ctx, head);
      funnelDays = await pushFunnelDays(ctx, now);
    }
    if (pull && options.pullRecorded !== false) {
      await pullRecorded(ctx);
      trimmed = trim(store, since);
      sharedFunnel = await pullFunnelDays(ctx, now);
    }
  } catch (error) {
    if (!(error instanceof SyncError) || error.kind !== 'canceled') throw error;
    canceled = true;
  }
  const pending = Object.values(store.replica.pendingCounts()).reduce((a: number, n) => a + (n ?? 0), 0);
  return {
    workspace: target.slug,
    server: session.client.url.safe,
    user: target.user,
    access: target.access,
    pushed: ctx.tally.pushed,
    pulled: ctx.tally.pulled,
    deleted: ctx.tally.deleted,
    conflicts: ctx.tally.drafts.map(toConflictView),
    drafts: store.replica.listDrafts().length,
    notPushed: target.access === 'viewer' ? pending : 0,
    rejected: ctx.tally.rejected,
    quarantined: ctx.tally.quarantined,
    overCap: ctx.tally.overCap.map(({ table, id, reason }) => ({ table, id, reason })),
    funnelDays,
    sharedFunnel,
    trimmed,
    since,
    canceled,
    durationMs: Math.round(performance.now() - started),
    timing: ctx.tally.timing,
  };
}

/** Connects with the team's stored connection (or PARALLAX_TEAM_URL), syncs, disconnects. */
export function syncWorkspace(
  team: TeamService,
  deps: SyncDeps,
  options: SyncOptions = {},
): Promise<SyncReportView> {
  return team.withTeam((session) => syncWithSession(session, deps, options));
}
