import { buildDigest, digestLines } from '../../shared/alerts/digest';
import { withLabels } from '../../shared/alerts/registry';
import type { AlertDigest, AlertView } from '../../shared/alerts/types';
import type { EngineLabels } from '../../shared/narrative/places';

// The webhook's JSON: a Slack-compatible `text` (Slack, Mattermost, Teams' and Discord's Slack
// endpoints show it as the message): the run's digest, "3 changes in Buying guides" then the
// changes in order of severity, sources and wording folded into one line; plus the alerts
// themselves (sentence, statistics, severity, figures) for any other receiver.

/** Sentences listed in `text` before "… and N more". */
const TEXT_LINES = 12;

export interface WebhookPayload {
  text: string;
  source: 'parallax';
  monitor: { id: string; name: string };
  runId: string;
  prevRunId: string;
  digest: { headline: string; total: number; bySeverity: AlertDigest['bySeverity'] };
  alerts: Array<{
    id: string;
    kind: AlertView['kind'];
    severity: AlertView['severity'];
    scope: AlertView['scope'];
    prompt: string | null;
    engine: string | null;
    location: string | null;
    brand: string | null;
    title: string;
    details: string;
    before: AlertView['before'];
    after: AlertView['after'];
    data: AlertView['data'];
    /** The same sentence as title (kept for receivers written for earlier payloads). */
    summary: string;
  }>;
}

export function buildWebhookPayload(input: {
  monitorId: string;
  monitorName: string;
  runId: string;
  prevRunId: string;
  alerts: readonly AlertView[];
  labels?: EngineLabels;
}): WebhookPayload {
  const digest = buildDigest(withLabels(input.alerts, input.labels ?? {}), {
    runId: input.runId,
    prevRunId: input.prevRunId,
    monitorId: input.monitorId,
    monitorName: input.monitorName,
  });
  return {
    text: [`Parallax · ${digest.headline}`, ...digestLines(digest, TEXT_LINES).slice(1)].join('\n'),
    source: 'parallax',
    monitor: { id: input.monitorId, name: input.monitorName },
    runId: input.runId,
    prevRunId: input.prevRunId,
    digest: { headline: digest.headline, total: digest.total, bySeverity: digest.bySeverity },
    alerts: digest.alerts.map((a) => ({
      id: a.id,
      kind: a.kind,
      severity: a.severity,
      scope: a.scope,
      prompt: a.prompt,
      engine: a.engine,
      location: a.loc,
      brand: a.brandName,
      title: a.title,
      details: a.details,
      before: a.before,
      after: a.after,
      data: a.data,
      summary: a.title,
    })),
  };
}
