import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import {
  buildDemoHistory,
  deleteDemo,
  demoDays,
  demoEventsBetween,
  demoStatus,
  DemoRefusedError,
  readDemoRecord,
  type DemoEvent,
  type DemoProgress,
  type DemoVariant,
} from '../../../core/demo';
import { openHistory } from '../../../core/history';
import { PREVIEW_PROFILE_NAME } from '../../../shared/profile/builtin';
import {
  CliExit,
  CliUsageError,
  EXIT_INTERRUPTED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import { listenForInterrupt } from '../../interrupt';
import { catchUpQuietly } from '../../alerts-catch-up';
import { READS, withCliCore } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax demo [--days 90] [--spec] [--db PATH]`: builds a labelled synthetic history (sandbox runs
// tagged 'demo', monitors "Demo · …", the demo brands) over the past N days through the real run
// engine, asking every engine (the preview) unless --spec asks for the spec's available ones only; `--status` tells whether the history has one; `--delete` removes it in one transaction.
// Ctrl+C stops a build part-way: what was built stays and `--delete` removes it. `--events`
// lists what the sandbox's schedule does in the demo's days (a brand surging, vanishing, its
// tone souring, a competitor becoming the top pick, a quality appearing or fading): what the
// history's "what changed" should find.

interface DemoFlags {
  days: string;
  preview?: boolean;
  spec?: boolean;
  db?: string;
  delete?: boolean;
  status?: boolean;
  events?: boolean;
}

function parseDays(value: string): number {
  const days = Number(value);
  if (!/^\d+$/.test(value.trim()) || days < 1 || days > 365)
    throw new CliUsageError(`--days must be a whole number from 1 to 365, got "${value}"`);
  return days;
}

/** Said wherever a preview demo is built or shown: its engines are not all served by the service yet. */
const PREVIEW_NOTE = `${PREVIEW_PROFILE_NAME}: a preview asking every engine, including those the spec still lists as coming soon (only the sandbox answers them today).`;

/** The preview (every engine) unless --spec; both at once is a mistake worth saying. */
function variantOf(flags: DemoFlags): DemoVariant {
  if (flags.spec && flags.preview) throw new CliUsageError('Choose --spec or --preview, not both');
  return flags.spec ? 'spec' : 'preview';
}

const when = (ms: number | null): string =>
  ms === null ? '-' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

export const registerDemoCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('demo')
    .description(
      'Build a labelled synthetic demo history over the past N days (sandbox, no key, no credits); --delete removes it',
    )
    .option('--days <n>', 'days of history to build, 1-365', '90')
    .option(
      '--preview',
      'every engine, through the "Preview: all engines" profile (engines the spec lists as coming soon included; the default)',
    )
    .option(
      '--spec',
      'only the engines the spec lists as available (assistant-a), in more countries and repeats, instead of the preview',
    )
    .option('--delete', 'delete the demo history (its runs, monitors and brands) in one transaction')
    .option('--status', 'tell whether the history has a demo, with its runs and results')
    .option(
      '--events',
      'list the scheduled events in the demo\u2019s days (its built days, else the past --days): surges, vanishes, souring tones, top picks, qualities gained or lost, price cuts, products leaving the shelf, a competitor\u2019s ads on your answers',
    )
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: DemoFlags) => {
      if ([flags.delete, flags.status, flags.events].filter(Boolean).length > 1)
        throw new CliUsageError('Use one of --delete, --status and --events');
      if (flags.delete) return removeDemo(ctx, flags);
      if (flags.status) return showStatus(ctx, flags);
      if (flags.events) return showEvents(ctx, flags, parseDays(flags.days));
      return build(ctx, flags, parseDays(flags.days));
    });
};

async function showStatus(ctx: CliContext, flags: DemoFlags): Promise<void> {
  await withCliCore(ctx, { ...READS, db: flags.db }, async (core) => {
    const status = demoStatus(core.store);
    if (ctx.json) return writeJson(ctx, { dbPath: core.dbPath, ...status });
    if (!status.present) return writeLine(ctx.stdout, `No demo history in ${core.dbPath}.`);
    writeLine(
      ctx.stdout,
      `Demo history in ${core.dbPath}: ${status.days} days, ${status.runs} runs, ${status.results} results, built ${when(status.builtAt)} UTC.`,
    );
    if (status.variant === 'preview') writeLine(ctx.stdout, PREVIEW_NOTE);
  });
}

const DAY_MS = 86_400_000;

function describeEvent(e: DemoEvent): string {
  const days = e.from === e.to ? e.from : `${e.from} to ${e.to}`;
  const what: Record<DemoEvent['kind'], string> = {
    surge: `${e.brand} ranks first in ${e.country} (every engine)`,
    vanish: `${e.brand} is left out of ${e.engine}'s answers (every country)`,
    sour: `${e.brand} is cautioned in ${e.country} (every engine)`,
    'top-pick': `${e.brand} is the top pick on ${e.engine} (every country)`,
    'attribute-gain': `${e.brand} is described as "${e.attribute}" (everywhere)`,
    'attribute-loss': `${e.brand} is no longer described as "${e.attribute}" (everywhere)`,
    'price-cut': `${e.brand}'s product is ${Math.round((e.cut ?? 0) * 100)} % cheaper (every country and engine)`,
    delist: `${e.brand}'s product leaves the shelves (every country and engine)`,
    conquest: `${e.brand}'s ads appear beside the answers that name ${e.target ?? ''} (every country and engine)`,
  };
  return `${days}  ${e.kind.padEnd(14)} ${what[e.kind]}`;
}

async function showEvents(ctx: CliContext, flags: DemoFlags, days: number): Promise<void> {
  await withCliCore(ctx, { db: flags.db }, async (core) => {
    const record = readDemoRecord(core.store);
    const window = record ? [record.firstDay, record.lastDay] : demoDays(Date.now(), days);
    const fromDay = Math.floor((window[0] as number) / DAY_MS);
    const toDay = Math.floor((window[window.length - 1] as number) / DAY_MS);
    const events = demoEventsBetween(fromDay, toDay, record?.variant ?? variantOf(flags));
    const from = new Date(fromDay * DAY_MS).toISOString().slice(0, 10);
    const to = new Date(toDay * DAY_MS).toISOString().slice(0, 10);
    if (ctx.json) return writeJson(ctx, { dbPath: core.dbPath, built: record !== null, from, to, events });
    const whose = record ? 'the demo history' : `a demo of ${days} days built now`;
    writeLine(
      ctx.stdout,
      `Scheduled events in ${whose} (${from} to ${to}), for its engines, countries and brands:`,
    );
    for (const e of events) writeLine(ctx.stdout, `  ${describeEvent(e)}`);
    if (events.length === 0) writeLine(ctx.stdout, '  none');
  });
}

async function removeDemo(ctx: CliContext, flags: DemoFlags): Promise<void> {
  await withCliCore(ctx, { db: flags.db }, async (core) => {
    const deleted = deleteDemo(core.store);
    if (ctx.json) return writeJson(ctx, { dbPath: core.dbPath, deleted });
    if (!deleted) return writeLine(ctx.stdout, `No demo history in ${core.dbPath}.`);
    writeLine(
      ctx.stdout,
      `Deleted the demo history: ${deleted.runs} runs, ${deleted.monitors} monitors, ${deleted.brands} brands.`,
    );
  });
}

async function build(ctx: CliContext, flags: DemoFlags, days: number): Promise<void> {
  const tty = Boolean((ctx.stderr as { isTTY?: boolean }).isTTY) && !ctx.json;
  let bar: cliProgress.SingleBar | null = null;
  // Ctrl-C or SIGTERM: the days built so far are kept, the command ends with exit 130.
  const interrupt = listenForInterrupt();
  const onProgress = (p: DemoProgress): void => {
    if (ctx.json || p.phase !== 'building') return;
    if (tty) {
      if (!bar) {
        bar = new cliProgress.SingleBar(
          { format: 'Demo {bar} day {value}/{total} | runs {runs} | results {results}', stream: ctx.stderr },
          cliProgress.Presets.shades_classic,
        );
        bar.start(p.days, p.day, { runs: p.runs, results: p.results });
      } else bar.update(p.day, { runs: p.runs, results: p.results });
    } else if (p.message !== null) {
      writeLine(ctx.stderr, `Day ${p.day}/${p.days} (${p.message}): ${p.runs} runs, ${p.results} results`);
    }
  };
  try {
    await withCliCore(ctx, { db: flags.db }, async (core) => {
      let result;
      try {
        result = await buildDemoHistory({
          openStore: (now) => openHistory({ path: core.dbPath, now }),
          days,
          variant: variantOf(flags),
          signal: interrupt.signal,
          onProgress,
        });
      } catch (err) {
        if (err instanceof DemoRefusedError) throw new CliUsageError(err.message);
        throw err;
      } finally {
        (bar as cliProgress.SingleBar | null)?.stop();
      }
      // Its monitors' runs compared now, so what reads alerts or writes a report finds them (31.5).
      const alerts = result.canceled
        ? 0
        : await catchUpQuietly(ctx, core.store, core.settings?.get().positioningJudge);
      if (ctx.json) return writeJson(ctx, { dbPath: core.dbPath, synthetic: true, ...result, alerts });
      if (result.variant === 'preview') writeLine(ctx.stdout, PREVIEW_NOTE);
      writeLine(
        ctx.stdout,
        `${result.canceled ? 'Stopped part-way' : 'Built'}: a synthetic demo history of ${result.days} days in ${core.dbPath}: ` +
          `${result.monitors} monitors ("Demo · …", disabled), ${result.runs} runs tagged demo, ${result.results} results, ` +
          `${result.brands} brands, ${alerts} change alerts, in ${(result.elapsedMs / 1000).toFixed(1)} s. Remove it with \`parallax demo --delete\`.`,
      );
    });
  } finally {
    interrupt.dispose();
  }
  if (interrupt.received()) throw new CliExit(EXIT_INTERRUPTED);
}
