import type { SyncConflictView, SyncCounts, SyncReportView } from '../../../shared/ipc/channels/sync';
import type { QuarantineEntry } from '../../../core/history';
import { CliUsageError, writeLine, type CliContext } from '../../context';

// What `parallax sync` prints: counts per kind in words, the conflicts, and the window.

const NOUNS: Record<string, [string, string]> = {
  run: ['run', 'runs'],
  run_prompts: ['run prompt', 'run prompts'],
  job: ['job', 'jobs'],
  result: ['answer', 'answers'],
  page: ['archived page', 'archived pages'],
  session: ['credit session', 'credit sessions'],
  brand: ['brand', 'brands'],
  prompt: ['saved prompt', 'saved prompts'],
  prompt_set: ['prompt set', 'prompt sets'],
  monitor: ['monitor', 'monitors'],
  monitor_options: ['monitor’s alert options', 'monitors’ alert options'],
  tag: ['tag', 'tags'],
  discovery: ['discovery decision', 'discovery decisions'],
  setting: ['setting', 'settings'],
};

const ORDER = Object.keys(NOUNS);

/** "1 run, 20 jobs, 20 answers" (kinds in a fixed order); "nothing" when empty. */
export function countsInWords(counts: SyncCounts): string {
  const parts = ORDER.filter((k) => (counts[k] ?? 0) > 0).map((k) => {
    const n = counts[k] ?? 0;
    const [one, many] = NOUNS[k] ?? [k, k];
    return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  });
  return parts.length ? parts.join(', ') : 'nothing';
}

const DAY_MS = 86_400_000;
const UNITS: Record<string, number> = { d: 1, w: 7, m: 30, y: 365 };

/**
 * --since: "180d", "26w", "6m", "1y", a date (2026-01-31), or "all"; null means everything.
 * Relative windows count back from `now`.
 */
export function parseSince(text: string, now: number): number | null {
  const value = text.trim().toLowerCase();
  if (value === 'all') return null;
  const relative = /^(\d{1,5})([dwmy])$/.exec(value);
  if (relative) {
    const days = Number(relative[1]) * (UNITS[relative[2] as string] ?? 1);
    if (days < 1) throw new CliUsageError('--since must be at least 1d');
    return now - days * DAY_MS;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    return Date.parse(`${value}T00:00:00Z`);
  }
  throw new CliUsageError(`--since takes 180d, 26w, 6m, 1y, a date (2026-01-31) or all, not "${text}"`);
}

function conflictLine(c: SyncConflictView): string {
  return `  [${c.id}] ${c.message}`;
}

function printFunnelDays(ctx: CliContext, f: NonNullable<SyncReportView['funnelDays']>): void {
  const line = f.failed
    ? `the daily totals could not be computed, none sent (the next sync tries again): ${f.failed}`
    : f.refused
      ? `the team server refused the daily totals: ${f.refused}`
      : f.cleared
        ? 'sharing is off; this computer\u2019s funnel totals were removed from the team'
        : f.sent
          ? `${f.rows} daily totals per engine and page shared (logs and analytics rows stay here)`
          : 'nothing imported since the daily totals were last shared';
  writeLine(ctx.stdout, `Funnel:   ${line}`);
  if (f.leftOut > 0)
    writeLine(
      ctx.stdout,
      `          ${f.leftOut} totals of the busiest days left out (more pages a day than a sync sends)`,
    );
}

function printSharedFunnel(ctx: CliContext, f: NonNullable<SyncReportView['sharedFunnel']>): void {
  const names = [...new Set(f.sharers.map((s) => s.name))].join(', ');
  const removed = f.removed > 0 ? `; ${f.removed} no longer shared, removed here` : '';
  if (f.sharers.length === 0 && f.removed === 0) return;
  const line =
    f.sharers.length === 0
      ? 'no teammate shares funnel totals'
      : `${f.rows} daily totals shared by ${names} kept here${f.pulled === 0 ? ' (unchanged)' : ''}`;
  writeLine(ctx.stdout, `Team funnel: ${line}${removed}`);
}

export function printSyncReport(ctx: CliContext, report: SyncReportView): void {
  const seconds = (report.durationMs / 1000).toFixed(1);
  writeLine(
    ctx.stdout,
    `${report.canceled ? 'Sync stopped' : 'Synced'} workspace ${report.workspace} with ${report.server} as ${report.user} (${report.access}) in ${seconds} s.`,
  );
  if (report.access === 'viewer') {
    writeLine(
      ctx.stdout,
      `Pushed:   nothing (read-only access; ${report.notPushed} local changes stay here)`,
    );
  } else writeLine(ctx.stdout, `Pushed:   ${countsInWords(report.pushed)}`);
  writeLine(ctx.stdout, `Pulled:   ${countsInWords(report.pulled)}`);
  if (report.funnelDays) printFunnelDays(ctx, report.funnelDays);
  if (report.sharedFunnel) printSharedFunnel(ctx, report.sharedFunnel);
  if (Object.keys(report.deleted).length > 0) {
    writeLine(ctx.stdout, `Deleted here (a teammate deleted them): ${countsInWords(report.deleted)}`);
  }
  if (report.since !== null) {
    const since = new Date(report.since).toISOString().slice(0, 10);
    writeLine(
      ctx.stdout,
      `Window:   runs since ${since}${report.trimmed ? `; ${report.trimmed} older team runs removed here (still on the team)` : ''}`,
    );
  }
  if (report.rejected > 0) {
    writeLine(ctx.stdout, `Skipped:  ${report.rejected} malformed rows from the team`);
  }
  // Named, so the team's admin can find and repair them on the server.
  for (const q of report.quarantined) {
    writeLine(ctx.stdout, `  ${q.table} ${q.id}: ${q.reason}`);
  }
  if (report.overCap.length > 0) {
    writeLine(ctx.stdout, `Not sent: ${report.overCap.length} rows larger than the team takes (kept here)`);
  }
  for (const q of report.overCap) writeLine(ctx.stdout, `  ${q.table} ${q.id}: ${q.reason}`);
  if (report.quarantined.length + report.overCap.length > 0) {
    writeLine(ctx.stdout, 'Kept in this history: parallax sync quarantine');
  }
  if (report.conflicts.length > 0) {
    writeLine(ctx.stdout, 'Conflicts (the team’s version won):');
    for (const c of report.conflicts) writeLine(ctx.stdout, conflictLine(c));
  }
  if (report.drafts > 0) {
    writeLine(
      ctx.stdout,
      `Drafts waiting: ${report.drafts} (parallax sync conflicts; parallax sync resolve ID --apply | --discard)`,
    );
  }
  if (report.canceled) {
    writeLine(ctx.stdout, 'What was sent and received is kept; run parallax sync to go on.');
  }
}

export function printConflicts(ctx: CliContext, conflicts: readonly SyncConflictView[]): void {
  if (conflicts.length === 0) {
    writeLine(ctx.stdout, 'No drafts: no local edit lost to a teammate’s.');
    return;
  }
  for (const c of conflicts) writeLine(ctx.stdout, conflictLine(c));
}

/** `parallax sync quarantine`: each row kept, how it was met, when last, and why. */
export function printQuarantine(ctx: CliContext, kept: readonly QuarantineEntry[]): void {
  if (kept.length === 0) {
    writeLine(ctx.stdout, 'Nothing kept: every row the syncs met went through.');
    return;
  }
  for (const q of kept) {
    const how = q.direction === 'pull' ? 'pulled, unreadable' : 'not sent, too large';
    const when = new Date(q.lastAt).toISOString().slice(0, 16).replace('T', ' ');
    writeLine(ctx.stdout, `${q.table} ${q.id} (${how}, last met ${when} UTC): ${q.reason}`);
  }
  writeLine(ctx.stdout, 'The pulled rows as the server sent them: parallax sync quarantine --json (raw).');
}
