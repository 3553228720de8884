import type { Command } from 'commander';
import { RUN_STATUSES, type RunStatus } from '../../../shared/domain/run-spec';
// The owner rules alone: the runs barrel would load the whole run engine and its libraries.
import { defaultOwnerProbe, resumabilityOf, type Resumability } from '../../../core/runs';
import type { RunListItem, RunOwner } from '../../../core/history';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { creditsCell, creditsJson } from '../../../shared/domain/run-credits';
import { runTitle } from '../../../shared/domain/run-title';
import { formatTable, READS, withCliCore } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax history`: the runs in the history, newest first, each named by what it is (its
// name, else its first prompt: shared/domain/run-title.ts) with its id last, and marked when
// `parallax resume` can continue it (paused, interrupted, or left running by a process that
// is gone) or another process is running it right now.

const RESUME_MARK: Record<Resumability, (owner: RunOwner | undefined) => string> = {
  resumable: () => 'yes',
  held: (owner) => `running (pid ${owner?.pid ?? '?'})`,
  'rerun-only': () => '--rerun-interrupted',
  finished: () => '',
};

function resumability(runs: RunListItem[], owners: Map<string, RunOwner>): Resumability[] {
  const probe = defaultOwnerProbe();
  return runs.map((r) =>
    resumabilityOf({ status: r.status, interruptedJobs: r.counts.interrupted }, owners.get(r.id), probe),
  );
}

export const registerHistoryCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('history')
    .description('List the runs in the history, newest first')
    .option('--limit <n>', 'how many runs', '20')
    .option('--status <status>', `only runs in this status (${RUN_STATUSES.join(', ')})`)
    .option('--text <text>', 'only runs whose name or prompts contain this')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: { limit: string; status?: string; text?: string; db?: string }) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        throw new CliUsageError('--limit must be 1 to 500');
      if (flags.status && !(RUN_STATUSES as readonly string[]).includes(flags.status)) {
        throw new CliUsageError(`--status must be one of ${RUN_STATUSES.join(', ')}`);
      }
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const { runs, total } = core.store.listRuns({
          limit,
          status: flags.status as RunStatus | undefined,
          text: flags.text,
        });
        const owners = core.store.runOwners(runs.map((r) => r.id));
        const marks = resumability(runs, owners);
        if (ctx.json)
          return writeJson(ctx, {
            runs: runs.map((r, i) => ({
              ...r,
              title: runTitle(r),
              engineLabels: r.engines.map(core.labelOf),
              ...creditsJson(r),
              resumable: marks[i],
            })),
            total,
          });
        if (runs.length === 0) return writeLine(ctx.stdout, 'No runs yet.');
        writeLine(
          ctx.stdout,
          formatTable(
            [
              'Run',
              'Created',
              'Status',
              'Mode',
              'Engines',
              'Locations',
              'Jobs',
              'OK',
              'Failed',
              'Credits',
              'Resume',
              'Id',
            ],
            runs.map((r, i) => [
              runTitle(r),
              new Date(r.createdAt).toISOString().slice(0, 16).replace('T', ' '),
              r.status + (r.sandbox ? ' (sandbox)' : ''),
              r.mode,
              r.engines.map(core.labelOf).join(', '),
              [...r.countries, ...r.states.map((st) => `US-${st}`)].join(','),
              r.total,
              r.counts.succeeded,
              r.counts.failed + r.counts.interrupted,
              creditsCell(r),
              RESUME_MARK[marks[i] as Resumability](owners.get(r.id)),
              r.id,
            ]),
          ),
        );
        if (total > runs.length) writeLine(ctx.stdout, `(${total - runs.length} more; use --limit)`);
        if (runs.some((r) => r.creditsUnreceived > 0 || r.creditsUnattributable > 0))
          writeLine(
            ctx.stdout,
            'Credits: "no result" = charged by the service for calls whose answer never arrived (a killed run, from the account balance); "+ ?" = such a charge could not be attributed (`parallax show RUN`).',
          );
        if (marks.some((m) => m === 'resumable' || m === 'rerun-only'))
          writeLine(
            ctx.stdout,
            'Resume: `parallax resume RUN` continues the runs marked in the Resume column.',
          );
      });
    });
};
