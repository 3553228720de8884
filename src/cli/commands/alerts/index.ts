import type { Command } from 'commander';
import type { HistoryStore } from '../../../core/history';
import { foldedLine, splitCollapsed } from '../../../shared/alerts/digest';
import { formatAlertSide } from '../../../shared/alerts/format';
import { withLabels } from '../../../shared/alerts/registry';
import {
  ALERT_KINDS,
  ALERT_SEVERITIES,
  type AlertDigest,
  type AlertKind,
  type AlertSeverity,
  type AlertView,
} from '../../../shared/alerts/types';
import type { EngineLabelOf } from '../../../shared/profile';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { catchUpQuietly } from '../../alerts-catch-up';
import { READS, withCliCore } from '../../core';
import { cliLabels } from '../../profile-labels';
import type { RegisterCommand } from '../register-command';

// `parallax alerts`: the change alerts raised after monitor runs, one digest per run ("3 changes
// in Buying guides", newest run first), each change a plain sentence ranked by severity (the focus
// brand, then competitors, then sites and wording, those folded) with its statistics below;
// `parallax alerts read ID… | --all` marks them read. Monitor runs nobody compared yet (a demo
// history, a crash) are compared first, quietly (no webhook).

const DAY = 86_400_000;
const SINCE = /^(\d+)\s*([dwh])$/i;

interface AlertsFlags {
  since?: string;
  unread?: boolean;
  monitor?: string;
  kind: string[];
  severity: string[];
  engine?: string;
  location?: string;
  limit: string;
  db?: string;
}

const HELP = `
Each alert compares a monitor run with the monitor's previous completed run, per prompt × engine ×
location ("cell") or pooled over the monitor ("monitor"); a trend alert looks at the monitor's
last runs, over the monitor or one engine × location ("slice"). Kinds: ${ALERT_KINDS.join(', ')}.
Severity: high (the focus brand), medium (a competitor), low (cited sites and wording, folded).
With repeats a run-to-run alert fires only when the two runs' 95 % intervals do not overlap.

JSON (--json): {total, unread, runs, digests: [{runId, prevRunId, monitor:{id,name}, headline,
total, unread, bySeverity:{high,medium,low}, createdAt, alerts: [...]}], alerts: [{id, kind,
severity, scope, monitor:{id,name}, prompt, engine, location, brand, runId, prevRunId, title,
details, before, after, data, summary, createdAt, read}]}; before/after are {value, n, low,
high}: a rate (0-1) for the brand kinds and trend, a mean first position for position-moved,
the within-run baseline and the between-run Jaccard / word similarity for sources-changed /
answer-changed; data holds a kind's own figures (trend: runs, answers, z, p, pAdjusted, tested,
dispersion, fromRunId; sources-changed: dropped, added). A digest lists at most its first 50
alerts (its counts cover all); alerts lists every alert on the page, newest first.

Examples:
  parallax alerts --since 7d --unread
  parallax alerts --monitor "Demo · Buying guides" --kind brand-dropped,position-moved --json
  parallax alerts --severity high --since 30d
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

export function parseSeverities(values: readonly string[]): AlertSeverity[] {
  const list = values
    .flatMap((v) => v.split(','))
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  for (const k of list) {
    if (!(ALERT_SEVERITIES as readonly string[]).includes(k))
      throw new CliUsageError(`--severity: unknown severity "${k}" (one of ${ALERT_SEVERITIES.join(', ')})`);
  }
  return list as AlertSeverity[];
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

/** One alert as text lines: its severity and sentence, then its statistics and id. */
export function alertLines(a: AlertView): string[] {
  return [
    `  ${`[${a.severity}]`.padEnd(9)}${a.title}${a.readAt === null ? '  (unread)' : ''}`,
    `           ${a.details} (${a.id})`,
  ];
}

/** A digest as text lines: the headline, the changes shown, the folded ones in one line. */
export function digestLines(d: AlertDigest): string[] {
  const { shown, folded } = splitCollapsed(d.alerts);
  const left = d.total - d.alerts.length;
  return [
    `${when(d.createdAt)} UTC · ${d.headline} (run ${d.runId} against ${d.prevRunId}${d.unread ? `, ${d.unread} unread` : ''})`,
    ...shown.flatMap(alertLines),
    ...(folded.length
      ? [`  ${foldedLine(folded.length, shown.length > 0)}: ${folded.map((a) => a.title).join(' ')}`]
      : []),
    ...(left > 0 ? [`  … and ${left} more (parallax alerts --json lists them)`] : []),
  ];
}

export function alertJson(a: AlertView, labelOf: EngineLabelOf): Record<string, unknown> {
  return {
    id: a.id,
    kind: a.kind,
    severity: a.severity,
    scope: a.scope,
    monitor: { id: a.monitorId, name: a.monitorName },
    prompt: a.prompt,
    engine: a.engine,
    engineLabel: a.engine ? labelOf(a.engine) : null,
    location: a.loc,
    brand: a.brandName,
    runId: a.runId,
    prevRunId: a.prevRunId,
    title: a.title,
    details: a.details,
    before: a.before,
    after: a.after,
    data: a.data,
    summary: a.summary,
    createdAt: new Date(a.createdAt).toISOString(),
    read: a.readAt !== null,
  };
}

function digestJson(d: AlertDigest, labelOf: EngineLabelOf): Record<string, unknown> {
  return {
    runId: d.runId,
    prevRunId: d.prevRunId,
    monitor: { id: d.monitorId, name: d.monitorName },
    headline: d.headline,
    total: d.total,
    unread: d.unread,
    bySeverity: d.bySeverity,
    createdAt: new Date(d.createdAt).toISOString(),
    alerts: d.alerts.map((a) => alertJson(a, labelOf)),
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
    .option(
      '--severity <levels>',
      `only these severities, comma-separated or repeated (${ALERT_SEVERITIES.join(', ')})`,
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
      const severities = parseSeverities(flags.severity);
      const since = flags.since !== undefined ? sinceOf(flags.since, Date.now()) : undefined;
      await withCliCore(ctx, { ...READS, db: flags.db }, async (core) => {
        await catchUpQuietly(ctx, core.store, core.settings?.get().positioningJudge);
        const filter = {
          ...(since !== undefined ? { since } : {}),
          ...(flags.unread ? { unread: true } : {}),
          ...(flags.monitor ? { monitorId: findMonitorId(core.store, flags.monitor) } : {}),
          ...(kinds.length ? { kinds } : {}),
          ...(severities.length ? { severities } : {}),
          ...(flags.engine ? { engine: flags.engine } : {}),
          ...(flags.location ? { loc: flags.location.toUpperCase() } : {}),
        };
        const labels = cliLabels(core.settings?.get(), ctx.env);
        const page = core.store.listAlerts({ ...filter, limit });
        const alerts = withLabels(page.alerts, labels);
        // The digests of the runs on this page (each with its own counts over the filter).
        const runs = new Set(alerts.map((a) => a.runId));
        const digestPage = core.store.listAlertDigests({ ...filter, limit: 500 });
        const digests = digestPage.digests
          .filter((d) => runs.has(d.runId))
          .map((d) => ({ ...d, alerts: withLabels(d.alerts, labels) }));
        if (ctx.json)
          return writeJson(ctx, {
            total: page.total,
            unread: page.unread,
            runs: digestPage.total,
            digests: digests.map((d) => digestJson(d, core.labelOf)),
            alerts: alerts.map((a) => alertJson(a, core.labelOf)),
          });
        if (page.total === 0) return writeLine(ctx.stdout, 'No alerts.');
        writeLine(
          ctx.stdout,
          `${page.total} change${page.total === 1 ? '' : 's'} in ${digestPage.total} run${digestPage.total === 1 ? '' : 's'}${page.total > page.alerts.length ? ` (the newest ${page.alerts.length} shown)` : ''}, ${page.unread} unread in all`,
        );
        for (const d of digests) {
          writeLine(ctx.stdout);
          for (const line of digestLines(d)) writeLine(ctx.stdout, line);
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
      await withCliCore(ctx, { db }, async (core) => {
        const unknown = ids.filter((id) => core.store.getAlert(id) === null);
        if (unknown.length > 0) throw new CliUsageError(`No alert with id ${unknown.join(', ')}`);
        const changed = core.store.markAlertsRead(flags.all ? 'all' : ids);
        const unread = core.store.countUnreadAlerts();
        if (ctx.json) return writeJson(ctx, { changed, unread });
        writeLine(ctx.stdout, `Marked ${changed} alert${changed === 1 ? '' : 's'} read; ${unread} unread.`);
      });
    });
};
