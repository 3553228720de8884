import { alertMetric, alertSideLabels, formatAlertSide } from '../../shared/alerts/format';
import { alertsChannels } from '../../shared/ipc/channels/alerts';
import { createAfterRunPipeline, createAlertService } from '../alerts';
import { isoTime } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// Change alerts raised after monitor runs, newest first, with the Alerts view's filters (the
// channel's schema). Monitor runs nobody compared yet (the app was closed, a demo was just
// built) are compared first, quietly: no webhook, no report, as `parallax alerts` does.

export function alertsTool(deps: McpDeps): ToolSpec<(typeof alertsChannels)['alerts.list']['input']> {
  const catchUp = async (): Promise<void> => {
    const pipeline = createAfterRunPipeline({
      store: deps.store,
      alerts: createAlertService({ store: deps.store, now: deps.now }),
      now: deps.now,
    });
    await pipeline.catchUp({ quiet: true });
  };
  return {
    name: 'list_alerts',
    title: 'Change alerts',
    description:
      "Change alerts raised after monitor runs, newest first: a brand entering or dropping out of answers, a competitor appearing or disappearing, the brand's position moving, cited domains or the answer changing, per prompt × engine × location or pooled over the monitor. Each has before and after with n and the 95 % interval (an alert fires only when the intervals do not overlap). Filters: since/until (ms since 1970), unread, monitorId (list_monitors), kinds, engine, loc ('DE', 'US-CA').",
    input: alertsChannels['alerts.list'].input,
    async run(filter) {
      await catchUp();
      const page = deps.store.listAlerts(filter);
      const lines = [
        `${page.total} alert${page.total === 1 ? '' : 's'} match (${page.unread} unread in all)${page.total > page.alerts.length ? `; showing ${page.alerts.length} from offset ${filter.offset}` : ''}.`,
        ...page.alerts.map((a) => {
          const [before, after] = alertSideLabels(a.kind);
          const where =
            a.scope === 'monitor'
              ? 'whole monitor'
              : `"${a.prompt ?? ''}" · ${a.engine ?? ''} · ${a.loc ?? ''}`;
          return [
            `- ${a.summary} [${a.kind}${a.readAt === null ? ', unread' : ''}]`,
            `  ${a.monitorName}: ${where}; ${isoTime(a.createdAt)} UTC; run ${a.runId} vs previous run ${a.prevRunId}`,
            `  ${alertMetric(a.kind)}: ${before} ${formatAlertSide(a.kind, a.before)} → ${after} ${formatAlertSide(a.kind, a.after)}`,
            ...(a.beforeResultId && a.afterResultId
              ? [`  answers: ${a.beforeResultId} → ${a.afterResultId} (get_result)`]
              : []),
          ].join('\n');
        }),
      ];
      return { text: lines.join('\n'), data: { ...page } };
    },
  };
}
