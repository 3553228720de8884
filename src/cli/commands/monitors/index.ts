import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { runSpecSchema } from '../../../shared/domain/run-spec';
import type { createMonitorScheduler } from '../../../core/runs';
import type { AfterRunResult } from '../../../core/alerts';
import {
  CliExit,
  CliUsageError,
  EXIT_JOBS_FAILED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import type { alertLines } from '../alerts';
import { registerMonitorOptionsCommand } from './monitor-options';
import { formatTable, READS, withCliCore, type CliCore, type CoreFlags } from '../../core';
import type { RegisterCommand } from '../register-command';
import type { specFromFlags } from '../run';

// `parallax monitors list|add|due|run|options`: saved runs with a cadence. `monitors run` is
// what cron or Task Scheduler calls: it starts every due monitor once (a missed one catches up
// once), waits for the runs, compares each with the monitor's previous run (change alerts,
// printed; webhook queued; the report step), gives webhook deliveries a bounded wait, and
// exits 1 if any job failed, else 3 with --fail-on-alert when any alert fired. Nothing runs
// while monitors are paused globally (in the app).
// `add` and `run` load the scheduler, the alerts and the report step when they run: `list` and
// `due` read the history only (cron parsing, the report's HTML sanitizer, the run engine are
// most of what the module would otherwise load).

/** Exit code of `monitors run --fail-on-alert` when alerts fired (failed jobs' 1 comes first). */
export const EXIT_ALERTS = 3;

const RUN_HELP = `
After each run the monitor's run is compared with its previous completed run: the change alerts
it raised are printed (see \`parallax alerts --help\`), queued for the monitor's webhook, and the
report step writes the monitor's report to its report folder when one is set
(\`parallax monitors options\`). Monitor runs finished earlier but never compared (the app was
closed, a crash) are compared too. Webhook deliveries get --webhook-wait seconds (default 20)
before the command exits; what is left is delivered by the next run or the app.

Exit codes: 0 all jobs succeeded and (with --fail-on-alert) no alert fired; 1 some jobs failed
(this wins over 3: the alerts are still printed); 3 with --fail-on-alert, an alert fired;
2 bad usage.

JSON (--json): {paused, runs: [{monitorId, name, runId, status, counts, error, alerts: [...],
steps: [{name, message, error}]}], caughtUp: [{runId, alerts}], webhooks: {pending}}`;

const when = (ms: number | null): string =>
  ms === null ? '-' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const collect = (value: string, previous: string[]): string[] => [...previous, value];

export const registerMonitorsCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const monitors = program
    .command('monitors')
    .description(
      'Saved runs with a cadence: list, add, due, run, options (alert rules, webhook, report folder)',
    );

  monitors
    .command('list')
    .description('List monitors with their cadence and next due time')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: { db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const list = core.store.listMonitors();
        const paused = core.store.monitorsPaused();
        if (ctx.json) return writeJson(ctx, { paused, monitors: list });
        if (paused) writeLine(ctx.stdout, 'Monitors are paused (resume them in the app).');
        if (list.length === 0) return writeLine(ctx.stdout, 'No monitors.');
        writeLine(
          ctx.stdout,
          formatTable(
            ['Id', 'Name', 'Cadence', 'Enabled', 'Next due (UTC)', 'Last run'],
            list.map((m) => [
              m.id,
              m.name,
              m.cadence,
              m.enabled ? 'yes' : 'no',
              when(m.nextDueAt),
              m.lastRunId ?? '-',
            ]),
          ),
        );
      });
    });

  monitors
    .command('add')
    .description('Save a run as a monitor (same run flags as `run`, or --spec FILE with a run spec JSON)')
    .requiredOption('--name <name>', 'monitor name')
    .requiredOption('--cadence <cadence>', 'daily, weekly, or a cron expression such as "0 8 * * 1"')
    .option('--spec <file>', 'run spec as JSON')
    .option('--prompt <text>', 'a prompt (repeatable)', collect, [])
    .option('--prompts <file>', 'prompts file: TXT one per line, or CSV with a "prompt" column')
    .option('--engine <name>', 'engine (repeatable)', collect, [])
    .option('--countries <list>', 'country codes, e.g. US,DE,FR')
    .option('--states <list>', 'US state codes')
    .option('--repeat <n>', 'samples per cell', '1')
    .option('--async', 'async tasks')
    .option('--priority <n>', 'async priority 1-10')
    .option('--include <flags>', 'output flags, comma-separated')
    .option('--commerce', 'track shopping and ads (include.shopping and include.ads where taken, +2 credits)')
    .option('--expand-products', 'include.expandProducts on search-ai (+1 credit per cluster, at most +6)')
    .option('--budget <credits>', 'refuse a run above this maximum cost')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(
      async (
        flags: Parameters<typeof specFromFlags>[0] & {
          name: string;
          cadence: string;
          spec?: string;
          db?: string;
        },
      ) => {
        const [{ createMonitorScheduler, MonitorInputError }, { specFromFlags }] = await Promise.all([
          import('../../lazy/service'),
          import('../run'),
        ]);
        await withCliCore(ctx, { db: flags.db }, async (core) => {
          let spec;
          if (flags.spec) {
            let json: unknown;
            try {
              json = JSON.parse(readFileSync(flags.spec, 'utf8'));
            } catch (err) {
              throw new CliUsageError(
                `--spec: cannot read ${flags.spec} as JSON (${(err as Error).message})`,
              );
            }
            const parsed = runSpecSchema.safeParse(json);
            if (!parsed.success)
              throw new CliUsageError(
                `--spec: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
              );
            spec = parsed.data;
          } else {
            const s = core.settings?.get();
            spec = specFromFlags(
              { ...flags, name: flags.name },
              { engines: s?.defaultEngines ?? ['assistant-a'], budget: s?.budgetCap ?? null },
            );
          }
          const { monitors: scheduler } = schedulerOffline(core, createMonitorScheduler);
          try {
            const saved = scheduler.add({ name: flags.name, spec, cadence: flags.cadence });
            if (ctx.json) return writeJson(ctx, saved);
            writeLine(
              ctx.stdout,
              `Saved monitor ${saved.id} "${saved.name}" (${saved.cadence}), next due ${when(saved.nextDueAt)} UTC`,
            );
          } catch (err) {
            if (err instanceof MonitorInputError) throw new CliUsageError(err.message);
            throw err;
          }
        });
      },
    );

  monitors
    .command('due')
    .description('List the monitors due now')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: { db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const due = core.store.dueMonitors(Date.now());
        if (ctx.json) return writeJson(ctx, { paused: core.store.monitorsPaused(), due });
        if (due.length === 0)
          return writeLine(
            ctx.stdout,
            core.store.monitorsPaused() ? 'Monitors are paused.' : 'Nothing is due.',
          );
        for (const m of due)
          writeLine(ctx.stdout, `${m.id}  ${m.name}  (${m.cadence}, due ${when(m.nextDueAt)} UTC)`);
      });
    });

  monitors
    .command('run')
    .description('Run every due monitor once and wait for the runs (for cron / Task Scheduler)')
    .option('--base-url <url>', 'service base URL (default: the one in settings)')
    .option('--sandbox', 'run against the built-in sandbox')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .option('--fail-on-alert', 'exit 3 when any change alert fired (for cron and CI)')
    .option('--webhook-wait <seconds>', 'how long webhook deliveries may take before exiting', '20')
    .addHelpText('after', RUN_HELP)
    .action(async (flags: CoreFlags & { failOnAlert?: boolean; webhookWait: string }) => {
      const waitSeconds = Number(flags.webhookWait);
      if (!Number.isFinite(waitSeconds) || waitSeconds < 0 || waitSeconds > 600)
        throw new CliUsageError(`--webhook-wait must be 0 to 600 seconds, got "${flags.webhookWait}"`);
      const { alertJson, alertLines } = await import('../alerts');
      const code = await withCliCore(ctx, flags, async (core) => {
        const { pipeline, webhooks } = await core.services.afterRun({
          logError: (message) => writeLine(ctx.stderr, message),
        });
        // Runs finished while nobody compared them, first (the alerts they raised are printed too).
        const caughtUp = await pipeline.catchUp();
        const runs: Array<Record<string, unknown> & { name: string; runId: string | null; status: string }> =
          [];
        let failed = false;
        let alerted = caughtUp.some((r) => r.alerts.length > 0);
        const afterRuns = new Map<string, AfterRunResult>();
        const due = core.store.dueMonitors(Date.now()).length > 0;
        if (due) {
          const online = await core.online();
          await online.keyLabel();
          const outcomes = await online.monitors.runDueMonitors();
          for (const o of outcomes) {
            if (!o.runId) {
              failed = true;
              runs.push({ ...o, status: 'not-started', counts: null, alerts: [], steps: [] });
              continue;
            }
            const end = await online.engine.wait(o.runId);
            if (end.counts.succeeded !== end.total) failed = true;
            const after = await pipeline.afterRun(o.runId);
            if (after) afterRuns.set(o.runId, after);
            if (after && after.alerts.length > 0) alerted = true;
            runs.push({
              ...o,
              status: end.status,
              counts: end.counts,
              alerts: (after?.alerts ?? []).map((a) => alertJson(a, core.labelOf)),
              steps: after?.steps ?? [],
            });
          }
        }
        await webhooks.drain(waitSeconds * 1000);
        const pending = core.store.countPendingWebhooks();
        await webhooks.close();
        if (ctx.json) {
          writeJson(ctx, {
            paused: core.store.monitorsPaused(),
            runs,
            caughtUp: caughtUp.map((r) => ({
              runId: r.runId,
              monitor: r.monitorName,
              alerts: r.alerts.map((a) => alertJson(a, core.labelOf)),
            })),
            webhooks: { pending },
          });
        } else {
          if (!due)
            writeLine(ctx.stdout, core.store.monitorsPaused() ? 'Monitors are paused.' : 'Nothing is due.');
          for (const r of runs) {
            writeLine(
              ctx.stdout,
              `${r.name}: ${r.runId ?? 'not started'} ${r.status}${r.error ? ` (${String(r.error)})` : ''}`,
            );
            const after = r.runId ? afterRuns.get(r.runId) : undefined;
            if (after) printAfterRun(ctx, after, alertLines);
          }
          for (const r of caughtUp.filter((c) => c.alerts.length > 0)) {
            writeLine(ctx.stdout, `${r.monitorName}: earlier run ${r.runId} compared now`);
            printAfterRun(ctx, r, alertLines);
          }
          if (pending > 0)
            writeLine(
              ctx.stdout,
              `${pending} webhook deliver${pending === 1 ? 'y' : 'ies'} still pending (retried by the next run or the app)`,
            );
        }
        if (failed) return EXIT_JOBS_FAILED;
        return flags.failOnAlert && alerted ? EXIT_ALERTS : 0;
      });
      if (code !== 0) throw new CliExit(code);
    });

  registerMonitorOptionsCommand(monitors, ctx);
};

function printAfterRun(ctx: CliContext, result: AfterRunResult, lines: typeof alertLines): void {
  if (result.prevRunId === null) writeLine(ctx.stdout, '  first run of this monitor: nothing to compare yet');
  else if (result.alerts.length === 0)
    writeLine(ctx.stdout, `  no change alerts against run ${result.prevRunId}`);
  else {
    writeLine(
      ctx.stdout,
      `  ${result.alerts.length} change alert${result.alerts.length === 1 ? '' : 's'} against run ${result.prevRunId}:`,
    );
    for (const a of result.alerts) for (const line of lines(a)) writeLine(ctx.stdout, `    ${line}`);
  }
  for (const step of result.steps) {
    if (step.error) writeLine(ctx.stdout, `  ${step.name} failed: ${step.error}`);
    else if (step.message) writeLine(ctx.stdout, `  ${step.message}`);
  }
}

/** `monitors add` needs no service: the scheduler's add only checks the cadence and saves. */
function schedulerOffline(
  core: CliCore,
  createScheduler: typeof createMonitorScheduler,
): { monitors: ReturnType<typeof createMonitorScheduler> } {
  return {
    monitors: createScheduler({
      store: core.store,
      engine: { start: () => Promise.reject(new Error('Starting a run needs the service')) },
      now: Date.now,
      runMeta: () => ({ keyLabel: null, sandbox: false, baseUrl: '' }),
    }),
  };
}
