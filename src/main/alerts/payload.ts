import type { AlertView } from '../../shared/alerts/types';

// The webhook's JSON: a Slack-compatible `text` (Slack, Mattermost, Teams' and Discord's Slack
// endpoints show it as the message) plus the alerts themselves for any other receiver.

/** Lines of alert summaries in `text` before "… and N more". */
const TEXT_LINES = 15;

export interface WebhookPayload {
  text: string;
  source: 'parallax';
  monitor: { id: string; name: string };
  runId: string;
  prevRunId: string;
  alerts: Array<{
    id: string;
    kind: AlertView['kind'];
    scope: AlertView['scope'];
    prompt: string | null;
    engine: string | null;
    location: string | null;
    brand: string | null;
    before: AlertView['before'];
    after: AlertView['after'];
    summary: string;
  }>;
}

export function buildWebhookPayload(input: {
  monitorId: string;
  monitorName: string;
  runId: string;
  prevRunId: string;
  alerts: readonly AlertView[];
}): WebhookPayload {
  const { alerts } = input;
  const head = `Parallax · ${input.monitorName}: ${alerts.length} change alert${alerts.length === 1 ? '' : 's'} after run ${input.runId}`;
  const lines = alerts.slice(0, TEXT_LINES).map((a) => `• ${a.prompt ? `“${a.prompt}” ` : ''}${a.summary}`);
  if (alerts.length > TEXT_LINES) lines.push(`… and ${alerts.length - TEXT_LINES} more`);
  return {
    text: [head, ...lines].join('\n'),
    source: 'parallax',
    monitor: { id: input.monitorId, name: input.monitorName },
    runId: input.runId,
    prevRunId: input.prevRunId,
    alerts: alerts.map((a) => ({
      id: a.id,
      kind: a.kind,
      scope: a.scope,
      prompt: a.prompt,
      engine: a.engine,
      location: a.loc,
      brand: a.brandName,
      before: a.before,
      after: a.after,
      summary: a.summary,
    })),
  };
}
