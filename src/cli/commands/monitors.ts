import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { runSpecSchema } from '../../shared/domain/run-spec';
import { createMonitorScheduler, MonitorInputError } from '../../main/runs';
import { CliExit, CliUsageError, EXIT_JOBS_FAILED, writeJson, writeLine, type CliContext } from '../context';
import { formatTable, withCliCore, type CliCore, type CoreFlags } from '../core';
import type { RegisterCommand } from './index';
import { specFromFlags } from './run';

// `parallax monitors list|add|due|run`: saved runs with a cadence. `monitors run` is what
// cron or Task Scheduler calls: it starts every due monitor once (a missed one catches up
// once), waits for the runs, and exits 1 if any job failed. Nothing runs while monitors are
// paused globally (in the app).

const when = (ms: number | null): string =>
  ms === null ? '-' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const collect = (value: string, previous: string[]): string[] => [...previous, value];

export const registerMonitorsCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const monitors = program.command('monitors').description('Saved runs with a cadence: list, add, due, run');

  monitors
    .command('list')
    .description('List monitors with their cadence and next due time')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: { db?: string }) => {
      await withCliCore(ctx.env, flags, async (core) => {
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
        await withCliCore(ctx.env, { db: flags.db }, async (core) => {
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
          const { monitors: scheduler } = schedulerOffline(core);
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
      await withCliCore(ctx.env, flags, async (core) => {
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
    .action(async (flags: CoreFlags) => {
      const code = await withCliCore(ctx.env, flags, async (core) => {
        if (core.store.dueMonitors(Date.now()).length === 0) {
          if (ctx.json) writeJson(ctx, { paused: core.store.monitorsPaused(), runs: [] });
          else
            writeLine(ctx.stdout, core.store.monitorsPaused() ? 'Monitors are paused.' : 'Nothing is due.');
          return 0;
        }
        const online = await core.online();
        await online.keyLabel();
        const outcomes = await online.monitors.runDueMonitors();
        const runs = [];
        let failed = false;
        for (const o of outcomes) {
          if (!o.runId) {
            failed = true;
            runs.push({ ...o, status: 'not-started', counts: null });
            continue;
          }
          const end = await online.engine.wait(o.runId);
          if (end.counts.succeeded !== end.total) failed = true;
          runs.push({ ...o, status: end.status, counts: end.counts });
        }
        if (ctx.json) writeJson(ctx, { paused: false, runs });
        else
          for (const r of runs) {
            writeLine(
              ctx.stdout,
              `${r.name}: ${r.runId ?? 'not started'} ${r.status}${r.error ? ` (${r.error})` : ''}`,
            );
          }
        return failed ? EXIT_JOBS_FAILED : 0;
      });
      if (code !== 0) throw new CliExit(code);
    });
};

/** `monitors add` needs no service: the scheduler's add only checks the cadence and saves. */
function schedulerOffline(core: CliCore): { monitors: ReturnType<typeof createMonitorScheduler> } {
  return {
    monitors: createMonitorScheduler({
      store: core.store,
      engine: { start: () => Promise.reject(new Error('Starting a run needs the service')) },
      now: Date.now,
      runMeta: () => ({ keyLabel: null, sandbox: false, baseUrl: '' }),
    }),
  };
}
