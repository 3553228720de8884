import type { Command } from 'commander';
import type { HistoryStore } from '../../main/store';
import { formatAlertSide } from '../../shared/alerts/format';
import { ALERT_KINDS, type AlertKind, type AlertView } from '../../shared/alerts/types';
import type { EngineLabelOf } from '../../shared/profile';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../context';
import { catchUpQuietly } from '../alerts-catch-up';
import { READS, withCliCore } from '../core';
import type { RegisterCommand } from './index';

// `parallax alerts`: the change alerts raised after monitor runs (each: kind, monitor, prompt,
// engine, location, the two runs compared, before and after with n and interval), newest first;
// `parallax alerts read ID… | --all` marks them read. Monitor runs nobody compared yet (a demo
// history, a crash) are compared first, quietly (no webhook).

const DAY = 86_400_000;
const SINCE = /^(\d+)\s*([dwh])$/i;

interface AlertsFlags {
  since?: string;
  unread?: boolean;
  monitor?: string;
  kind: string[];
  engine?: string;
  location?: string;
  limit: string;
  db?: string;
}

const HELP = `
Each alert compares a monitor run with the monitor's previous completed run, per prompt × engine ×
location ("cell") or pooled over the monitor ("monitor"). Kinds: ${ALERT_KINDS.join(', ')}.
With repeats an alert fires only when the two runs' 95 % intervals do not overlap.

JSON (--json): {total, unread, alerts: [{id, kind, scope, monitor:{id,name}, prompt, engine,
location, brand, runId, prevRunId, before, after, summary, createdAt, read}]}; before/after are
{value, n, low, high}: a rate (0-1) for the brand kinds, a mean first position for
position-moved, the within-run baseline and the between-run Jaccard / word similarity for
sources-changed / answer-changed.

Examples:
  parallax alerts --since 7d --unread
  parallax alerts --monitor "Demo · Buying guides" --kind brand-dropped,position-moved --json
  parallax alerts read 6f1c… 0b2d…
  parallax alerts read --all`;

/** --since 7d / 4w / 12h → the earliest creation time. */
export function sinceOf(value: string, now: number): number {
  const match = SINCE.exec(value.trim());
  const n = match ? Number(match[1]) : 0;
  if (!match || n < 1)
    throw new CliUsageError(`--since must be hours, days or weeks (12h, 7d, 4w), got "${value}"`);
  const unit = (match[2] as string).toLowerCase();
  return now - n * (unit === 'w' ? 7 * DAY : unit === 'h' ? 3_600_000 : DAY);
}

export function parseKinds(values: readonly string[]): AlertKind[] {
  const kinds = values
    .flatMap((v) => v.split(','))
    .map((k) => k.trim())
    .filter(Boolean);
  for (const k of kinds) {
    if (!(ALERT_KINDS as readonly string[]).includes(k))
      throw new CliUsageError(`--kind: unknown kind "${k}" (one of ${ALERT_KINDS.join(', ')})`);
  }
  return kinds as AlertKind[];
}

/** A monitor by id or name (ignoring case), among the saved monitors and those alerts name. */
export function findMonitorId(store: HistoryStore, nameOrId: string): string {
  const wanted = nameOrId.trim().toLowerCase();
  const saved = store.listMonitors();
  const match =
    saved.find((m) => m.id === nameOrId) ??
    saved.find((m) => m.name.toLowerCase() === wanted) ??
    store.alertFacets().monitors.find((m) => m.id !== null && m.name.toLowerCase() === wanted);
  if (!match?.id)
    throw new CliUsageError(
      `--monitor: no monitor "${nameOrId}"${saved.length ? ` (monitors: ${saved.map((m) => m.name).join(', ')})` : ''}`,
    );
  return match.id;
}

/** A side as the analyst reads it (shared with the app). */
export const formatSide = formatAlertSide;

const when = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** One alert as a few text lines. */
export function alertLines(a: AlertView, labelOf: EngineLabelOf): string[] {
  const where =
    a.scope === 'monitor'
      ? 'all answers of the monitor'
      : [a.prompt ? `“${a.prompt}”` : null, a.engine ? labelOf(a.engine) : null, a.loc]
          .filter(Boolean)
          .join(' · ');
  return [
    `${when(a.createdAt)}  ${a.kind}  ${a.monitorName}${a.readAt === null ? '  [unread]' : ''}  ${a.id}`,
    `  ${where}${a.brandName ? ` · ${a.brandName}` : ''}`,
    `  before ${formatSide(a.kind, a.before)} in run ${a.prevRunId}`,
    `  after  ${formatSide(a.kind, a.after)} in run ${a.runId}`,
    `  ${a.summary}`,
  ];
}

export function alertJson(a: AlertView, labelOf: EngineLabelOf): Record<string, unknown> {
  return {
    id: a.id,
    kind: a.kind,
    scope: a.scope,
    monitor: { id: a.monitorId, name: a.monitorName },
    prompt: a.prompt,
    engine: a.engine,
    engineLabel: a.engine ? labelOf(a.engine) : null,
    location: a.loc,
    brand: a.brandName,
    runId: a.runId,
    prevRunId: a.prevRunId,
    before: a.before,
    after: a.after,
    summary: a.summary,
    createdAt: new Date(a.createdAt).toISOString(),
    read: a.readAt !== null,
  };
}

export const registerAlertsCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const alerts = program
    .command('alerts')
    .description('Change alerts raised after monitor runs (newest first); `alerts read` marks them read')
    .option('--since <span>', 'only alerts from the last 12h, 7d, 4w… (default: all)')
    .option('--unread', 'only unread alerts')
    .option('--monitor <idOrName>', 'only this monitor’s alerts')
    .option(
      '--kind <kinds>',
      `only these kinds, comma-separated or repeated (${ALERT_KINDS.join(', ')})`,
      (v: string, p: string[]) => [...p, v],
      [],
    )
    .option('--engine <engine>', 'only alerts about this engine')
    .option('--location <loc>', 'only alerts about this location (DE, US-CA…)')
    .option('--limit <n>', 'at most N alerts', '200')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', HELP)
    .action(async (flags: AlertsFlags) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
        throw new CliUsageError(`--limit must be a whole number from 1 to 5000, got "${flags.limit}"`);
      const kinds = parseKinds(flags.kind);
      const since = flags.since !== undefined ? sinceOf(flags.since, Date.now()) : undefined;
      await withCliCore(ctx.env, { ...READS, db: flags.db }, async (core) => {
        await catchUpQuietly(ctx, core.store);
        const page = core.store.listAlerts({
          ...(since !== undefined ? { since } : {}),
          ...(flags.unread ? { unread: true } : {}),
          ...(flags.monitor ? { monitorId: findMonitorId(core.store, flags.monitor) } : {}),
          ...(kinds.length ? { kinds } : {}),
          ...(flags.engine ? { engine: flags.engine } : {}),
          ...(flags.location ? { loc: flags.location.toUpperCase() } : {}),
          limit,
        });
        if (ctx.json)
          return writeJson(ctx, {
            total: page.total,
            unread: page.unread,
            alerts: page.alerts.map((a) => alertJson(a, core.labelOf)),
          });
        if (page.total === 0) return writeLine(ctx.stdout, 'No alerts.');
        writeLine(
          ctx.stdout,
          `${page.total} alert${page.total === 1 ? '' : 's'}${page.total > page.alerts.length ? ` (the newest ${page.alerts.length} shown)` : ''}, ${page.unread} unread in all`,
        );
        for (const a of page.alerts) {
          writeLine(ctx.stdout);
          for (const line of alertLines(a, core.labelOf)) writeLine(ctx.stdout, line);
        }
      });
    });

  alerts
    .command('read')
    .description('Mark alerts read: by id, or every unread one with --all')
    .argument('[ids...]', 'alert ids')
    .option('--all', 'mark every unread alert read')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (ids: string[], flags: { all?: boolean; db?: string }) => {
      if (flags.all && ids.length > 0) throw new CliUsageError('Give alert ids or --all, not both');
      if (!flags.all && ids.length === 0)
        throw new CliUsageError('Give the alert ids to mark read, or --all');
      // --db may land on `alerts` itself (commander gives a shared option to the parent).
      const db = flags.db ?? alerts.opts<{ db?: string }>().db;
      await withCliCore(ctx.env, { db }, async (core) => {
        const unknown = ids.filter((id) => core.store.getAlert(id) === null);
        if (unknown.length > 0) throw new CliUsageError(`No alert with id ${unknown.join(', ')}`);
        const changed = core.store.markAlertsRead(flags.all ? 'all' : ids);
        const unread = core.store.countUnreadAlerts();
        if (ctx.json) return writeJson(ctx, { changed, unread });
        writeLine(ctx.stdout, `Marked ${changed} alert${changed === 1 ? '' : 's'} read; ${unread} unread.`);
      });
    });
};
