import { HistoryStateError } from '../../../core/history';
import cliProgress from 'cli-progress';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { SyncProgress, SyncTuning } from '../../../core/team';
import type { SyncReportView } from '../../../shared/ipc/channels/sync';
import {
  CliExit,
  CliUsageError,
  EXIT_JOBS_FAILED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import { withCliCore } from '../../core';
import { listenForInterrupt } from '../../interrupt';
import { finishReanalysis } from '../../reanalysis-progress';
import { EXIT_INTERRUPTED } from '../../run-session';
import { parseSince, printConflicts, printQuarantine, printSyncReport } from './sync-format';
import { cliSyncJudge, type SyncJudge } from '../../sync-judge';
import { currentWorkspace, startFromSeed } from '../../seed-cli';
import { defaultTeamCliDeps, requireCliTeam, runTeamAction, type TeamCliDeps } from '../../team-cli';
import type { RegisterCommand } from '../register-command';

// `parallax sync`: the workspace's history with the team server, both ways: what was recorded
// and configured here goes up, what teammates did comes down (through the same ingest as a
// run's answers). One clear line and exit 1 when the server cannot be reached (nothing here
// changes); progress on stderr; Ctrl-C stops at the next batch boundary (exit 130) and the next
// sync goes on from there. `sync conflicts` and `sync resolve` handle the drafts a conflict left.

interface SyncFlags {
  db?: string;
  since?: string;
  pushOnly?: boolean;
  pullOnly?: boolean;
  /** false (--no-seed): a workspace new here pulls everything rather than start from its seed. */
  seed?: boolean;
}

/** PARALLAX_SYNC_BATCH: rows per batch both ways (tests cut a sync between small batches). */
function tuningOf(env: NodeJS.ProcessEnv): SyncTuning | undefined {
  const n = Number(env.PARALLAX_SYNC_BATCH);
  return Number.isInteger(n) && n > 0 ? { pushBatch: n, pullBatch: n } : undefined;
}

/** Progress on stderr: a bar on a terminal, else a line every few seconds. */
function progressPrinter(ctx: CliContext): { onProgress: (p: SyncProgress) => void; stop: () => void } {
  const tty = Boolean((ctx.stderr as { isTTY?: boolean }).isTTY) && !ctx.json;
  let bar: cliProgress.SingleBar | null = null;
  let lastLine = 0;
  return {
    onProgress(p) {
      if (tty) {
        if (!bar) {
          bar = new cliProgress.SingleBar(
            { format: 'Syncing {bar} {value}/{total} ({phase} {kind})', stream: ctx.stderr },
            cliProgress.Presets.shades_classic,
          );
          bar.start(p.total, p.done, { phase: p.phase, kind: p.kind });
        } else {
          bar.setTotal(p.total);
          bar.update(p.done, { phase: p.phase, kind: p.kind });
        }
      } else if (Date.now() - lastLine > 2000 && p.total >= 1000) {
        lastLine = Date.now();
        writeLine(
          ctx.stderr,
          `Syncing ${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')}…`,
        );
      }
    },
    stop: () => (bar as cliProgress.SingleBar | null)?.stop(),
  };
}

async function runSync(ctx: CliContext, deps: TeamCliDeps, flags: SyncFlags): Promise<void> {
  if (flags.pushOnly && flags.pullOnly)
    throw new CliUsageError('--push-only and --pull-only exclude each other');
  const settings = await deps.openSettings(ctx.env);
  const team = await requireCliTeam(deps, ctx.env, settings);
  const windowDays = settings.get().syncWindowDays;
  const since =
    flags.since !== undefined
      ? parseSince(flags.since, Date.now())
      : windowDays !== null
        ? Date.now() - windowDays * 86_400_000
        : null;
  const current = await currentWorkspace(ctx.env, deps);
  const workspace = current.slug;
  const historyPath = resolve(flags.db ?? current.dbPath);
  // The first Ctrl-C stops at the next batch boundary; a second one stops at once (every batch
  // is its own transaction on both sides, so nothing is half-written either way). The signal
  // listeners of others (conf's exit hooks re-raise the signal) are set aside meanwhile.
  const interrupt = listenForInterrupt();
  interrupt.signal.addEventListener('abort', () =>
    writeLine(ctx.stderr, 'Stopping after the batch under way… (Ctrl-C again to stop at once)'),
  );
  const progress = progressPrinter(ctx);
  let judge: SyncJudge | null = null;
  try {
    // A workspace this machine has no history of yet starts from the team's newest seed.
    const fromSeed =
      !existsSync(historyPath) && since === null && flags.seed !== false && flags.pushOnly !== true
        ? await runTeamAction(ctx, () =>
            startFromSeed(ctx, team, { path: historyPath, workspace, signal: interrupt.signal }),
          )
        : null;
    const { syncWorkspace, SyncError } = await import('../../lazy/team-sync');
    const aheadJudge = await cliSyncJudge();
    judge = aheadJudge;
    await withCliCore(ctx, { db: flags.db }, async (core) => {
      let report: SyncReportView;
      try {
        report = await runTeamAction(ctx, () =>
          syncWorkspace(
            team,
            { store: core.store, workspace },
            {
              since,
              push: flags.pullOnly !== true,
              pull: flags.pushOnly !== true,
              signal: interrupt.signal,
              tuning: tuningOf(ctx.env),
              onProgress: progress.onProgress,
              judge: aheadJudge,
            },
          ),
        );
      } catch (error) {
        if (!(error instanceof SyncError)) throw error;
        progress.stop();
        writeLine(ctx.stderr, `parallax: ${error.message}`);
        throw new CliExit(1);
      } finally {
        progress.stop();
      }
      if ((report.pulled['brand'] ?? 0) + (report.deleted['brand'] ?? 0) > 0) {
        finishReanalysis(ctx, await core.services.visibility());
      }
      if (ctx.json) writeJson(ctx, fromSeed ? { ...report, seed: fromSeed } : report);
      else printSyncReport(ctx, report);
      if (report.canceled) throw new CliExit(EXIT_INTERRUPTED);
      // The team's data, not this command's usage: the rest was synced; those rows were not.
      if (report.quarantined.length + report.overCap.length > 0) throw new CliExit(EXIT_JOBS_FAILED);
    });
  } finally {
    interrupt.dispose();
    await judge?.close();
  }
}

export function syncCommandModule(overrides: Partial<TeamCliDeps> = {}): RegisterCommand {
  const deps: TeamCliDeps = { ...defaultTeamCliDeps, ...overrides };
  return (program: Command, ctx: CliContext) => {
    const sync = program
      .command('sync')
      .description('Sync this workspace’s history with the team server: push local changes, pull teammates’')
      .option('--db <path>', 'the history to sync (default: the current workspace’s)')
      .option('--since <when>', 'pull only runs since: 180d, 26w, 6m, 1y, a date (2026-01-31), or all')
      .option('--push-only', 'send local changes, pull nothing')
      .option('--pull-only', 'pull teammates’ changes, send nothing')
      .option('--no-seed', 'a workspace new here: pull everything rather than start from the team’s seed')
      .action((flags: SyncFlags) => runSync(ctx, deps, flags));

    sync
      .command('conflicts')
      .description('Local edits that lost to a teammate’s newer version, kept as drafts')
      .option('--db <path>', 'the history (default: the current workspace’s)')
      .action(async (own: { db?: string }) => {
        const flags = { db: own.db ?? sync.opts<SyncFlags>().db };
        const { toConflictView } = await import('../../lazy/team-sync');
        await withCliCore(ctx, { db: flags.db }, async (core) => {
          const conflicts = core.store.replica.listDrafts().map(toConflictView);
          if (ctx.json) writeJson(ctx, conflicts);
          else printConflicts(ctx, conflicts);
        });
      });

    sync
      .command('quarantine')
      .description(
        'Rows a sync could not take, kept here: pulled rows it could not read (with the row as sent), rows too large to push',
      )
      .option('--db <path>', 'the history (default: the current workspace’s)')
      .action(async (own: { db?: string }) => {
        const flags = { db: own.db ?? sync.opts<SyncFlags>().db };
        await withCliCore(ctx, { db: flags.db }, async (core) => {
          const kept = core.store.replica.listQuarantined();
          if (ctx.json) writeJson(ctx, kept);
          else printQuarantine(ctx, kept);
        });
      });

    sync
      .command('resolve')
      .description('Apply a draft (sent at the next sync) or discard it')
      .argument('<id>', 'the draft’s number (parallax sync conflicts)')
      .option('--apply', 'make the draft the object again; the next sync sends it')
      .option('--discard', 'drop the draft; the team’s version stays')
      .option('--db <path>', 'the history (default: the current workspace’s)')
      .action(async (id: string, own: { apply?: boolean; discard?: boolean; db?: string }) => {
        // `sync resolve 3 --db X`: commander gives --db to the parent command (it has one too).
        const flags = { ...own, db: own.db ?? sync.opts<SyncFlags>().db };
        if (Boolean(flags.apply) === Boolean(flags.discard))
          throw new CliUsageError('Say --apply or --discard');
        if (!/^\d+$/.test(id))
          throw new CliUsageError(`A draft's number, as parallax sync conflicts lists it, not "${id}"`);
        const { toConflictView } = await import('../../lazy/team-sync');
        await withCliCore(ctx, { db: flags.db }, async (core) => {
          const action = flags.apply ? 'apply' : 'discard';
          let done: boolean;
          try {
            done = core.store.replica.resolveDraft(Number(id), action);
          } catch (error) {
            if (error instanceof HistoryStateError) throw new CliUsageError(error.message);
            throw error;
          }
          if (!done) throw new CliUsageError(`No draft ${id} (parallax sync conflicts lists them)`);
          const left = core.store.replica.listDrafts().map(toConflictView);
          if (ctx.json) return writeJson(ctx, { id: Number(id), action, drafts: left });
          writeLine(
            ctx.stdout,
            action === 'apply'
              ? `Draft ${id} applied: it is sent at the next sync (parallax sync).`
              : `Draft ${id} discarded: the team’s version stays.`,
          );
        });
      });
  };
}

export const registerSyncCommands: RegisterCommand = syncCommandModule();
