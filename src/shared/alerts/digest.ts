import { plural } from '../narrative/words';
import { compareAlerts, isCollapsed } from './registry';
import { ALERT_SEVERITIES, type AlertDigest, type AlertSeverity, type AlertView } from './types';

// One monitor run's alerts as one message: "3 changes in Buying guides", then the changes in
// order of severity. The Alerts view, the desktop notification and toast, the webhook's Slack
// text and `parallax alerts` all read it from here.

/** "3 changes in Demo · Buying guides", "1 change in …". */
export function digestHeadline(count: number, monitorName: string): string {
  return `${plural(count, 'change')} in ${monitorName}`;
}

function severityCounts(alerts: readonly AlertView[]): Record<AlertSeverity, number> {
  const counts = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Record<AlertSeverity, number>;
  for (const a of alerts) counts[a.severity]++;
  return counts;
}

/**
 * The digest of one run's alerts (all of them: the counts are over what is given). The run and
 * monitor come from the alerts, or from `run` when there are none.
 */
export function buildDigest(
  alerts: readonly AlertView[],
  run?: Pick<AlertDigest, 'runId' | 'prevRunId' | 'monitorId' | 'monitorName'>,
): AlertDigest {
  const first = alerts[0] ?? run;
  if (!first) throw new Error('A digest of no alert needs its run');
  const ranked = [...alerts].sort(compareAlerts);
  return {
    runId: first.runId,
    prevRunId: first.prevRunId,
    monitorId: first.monitorId,
    monitorName: first.monitorName,
    createdAt: alerts.length ? Math.max(...alerts.map((a) => a.createdAt)) : 0,
    headline: digestHeadline(alerts.length, first.monitorName),
    total: alerts.length,
    unread: alerts.filter((a) => a.readAt === null).length,
    bySeverity: severityCounts(alerts),
    alerts: ranked,
  };
}

/** Alerts of several runs as one digest per run, newest run first. */
export function groupDigests(alerts: readonly AlertView[]): AlertDigest[] {
  const byRun = new Map<string, AlertView[]>();
  for (const a of alerts) {
    const list = byRun.get(a.runId);
    if (list) list.push(a);
    else byRun.set(a.runId, [a]);
  }
  return [...byRun.values()].map((list) => buildDigest(list)).sort((a, b) => b.createdAt - a.createdAt);
}

/** The digest's alerts split into those shown and those folded (sources and wording). */
export function splitCollapsed(alerts: readonly AlertView[]): { shown: AlertView[]; folded: AlertView[] } {
  return {
    shown: alerts.filter((a) => !isCollapsed(a)),
    folded: alerts.filter((a) => isCollapsed(a)),
  };
}

/** "4 more changes in cited sites and wording" ("4 changes…" when nothing else is listed). */
export function foldedLine(folded: number, more = true): string {
  return `${plural(folded, more ? 'more change' : 'change')} in cited sites and wording`;
}

/**
 * The digest as plain lines (the webhook's text, the CLI): the headline, up to `lines` titles in
 * order, then what is left ("… and 3 more") and the folded sources and wording changes in one line.
 */
export function digestLines(d: AlertDigest, lines = 10): string[] {
  const { shown, folded } = splitCollapsed(d.alerts);
  const listed = shown.slice(0, lines);
  const out = [d.headline, ...listed.map((a) => `• ${a.title}`)];
  const left = d.total - listed.length - folded.length;
  if (left > 0) out.push(`… and ${plural(left, 'more change')}`);
  if (folded.length > 0) out.push(foldedLine(folded.length, listed.length > 0));
  return out;
}
