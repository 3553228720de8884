import { alertMetric, alertSideLabels, formatAlertSide } from '../../shared/alerts/format';
import { withLabels } from '../../shared/alerts/registry';
import { engineLabelsOfSettings } from '../platform';
import { alertsChannels } from '../../shared/ipc/channels/alerts';
import { compareUncheckedRuns, createAfterRunPipeline, createAlertService } from '../alerts';
import { isoTime } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// Change alerts raised after monitor runs, newest first, with the Alerts view's filters (the
// channel's schema). Monitor runs nobody compared yet (the app was closed, a demo was just
// built) are compared first, quietly (no webhook, no report), through the shared "catch up, then
// read" (compareUncheckedRuns): it starts with the server, and list_alerts waits for it up to
// CATCH_UP_WAIT_MS (90 runs of a fresh 30-day demo take most of a minute, longer than an MCP
// client waits for one call); past that it says how many runs are still to compare.

export interface AlertsTool {
  spec: ToolSpec<(typeof alertsChannels)['alerts.list']['input']>;
  /** Compares the monitor runs nobody compared, in the background (again when new ones appear). */
  catchUp(): void;
  /** No more logging: the history is closing under a comparison that is still running. */
  stop(): void;
}

/** How long list_alerts waits for the comparison of runs not compared yet before it answers. */
export const CATCH_UP_WAIT_MS = 20_000;

async function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export function alertsTool(deps: McpDeps): AlertsTool {
  let stopped = false;
  const alerts = createAlertService({
    store: deps.store,
    now: deps.now,
    activeJudge: () => deps.readSettings().positioningJudge,
  });
  const pipeline = createAfterRunPipeline({
    store: deps.store,
    alerts,
    now: deps.now,
    logError: (message) => {
      if (!stopped) deps.log(message);
    },
  });
  // The shared "catch up, then read" (compareUncheckedRuns): one comparison at a time.
  const compare = (): Promise<unknown> =>
    compareUncheckedRuns({ store: deps.store, now: deps.now, pipeline }).catch((error: unknown) => {
      if (!stopped) deps.log(`alerts catch-up: ${error instanceof Error ? error.message : String(error)}`);
    });
  const catchUp = (): void => {
    if (!stopped) void compare();
  };

  const spec: AlertsTool['spec'] = {
    name: 'list_alerts',
    title: 'Change alerts',
    description:
      "Change alerts raised after monitor runs, newest first, each one plain sentence (title) with its statistics (details) and a severity (high: the focus brand; medium: a competitor; low: cited sites and wording): a brand named more or less, the brand's position moving, a steady slide or rise across the monitor's last runs (trend), cited sites or the answer changing, per prompt × engine × location, per engine × location (trend) or pooled over the monitor. Before and after carry n and the 95 % interval (a run-to-run alert fires only when the intervals do not overlap). Filters: since/until (ms since 1970), unread, monitorId (list_monitors), kinds, severities, engine, loc ('DE', 'US-CA'). While monitor runs are still being compared, comparing > 0 says how many remain.",
    input: alertsChannels['alerts.list'].input,
    async run(filter) {
      // Compared first, for as long as a client waits for one call; past that the answer says
      // how many runs are left and the comparison goes on.
      if (!stopped) await withinMs(compare(), CATCH_UP_WAIT_MS);
      const comparing = alerts.uncheckedRuns().length;
      const raw = deps.store.listAlerts(filter);
      const page = {
        ...raw,
        alerts: withLabels(raw.alerts, engineLabelsOfSettings(deps.readSettings())),
      };
      const lines = [
        ...(comparing > 0
          ? [
              `Still comparing ${comparing} monitor run${comparing === 1 ? '' : 's'} with their previous runs: more alerts may follow; ask again shortly.`,
            ]
          : []),
        `${page.total} alert${page.total === 1 ? '' : 's'} match (${page.unread} unread in all)${page.total > page.alerts.length ? `; showing ${page.alerts.length} from offset ${filter.offset}` : ''}.`,
        ...page.alerts.map((a) => {
          const [before, after] = alertSideLabels(a.kind);
          const where =
            a.scope === 'monitor'
              ? 'whole monitor'
              : `"${a.prompt ?? ''}" · ${a.engine ?? ''} · ${a.loc ?? ''}`;
          return [
            `- ${a.title} [${a.severity}, ${a.kind}${a.readAt === null ? ', unread' : ''}]`,
            `  ${a.details}`,
            `  ${a.monitorName}: ${where}; ${isoTime(a.createdAt)} UTC; run ${a.runId} vs previous run ${a.prevRunId}`,
            `  ${alertMetric(a.kind)}: ${before} ${formatAlertSide(a.kind, a.before)} → ${after} ${formatAlertSide(a.kind, a.after)}`,
            ...(a.beforeResultId && a.afterResultId
              ? [`  answers: ${a.beforeResultId} → ${a.afterResultId} (get_result)`]
              : []),
          ].join('\n');
        }),
      ];
      return { text: lines.join('\n'), data: { ...page, comparing } };
    },
  };
  return {
    spec,
    catchUp,
    stop: () => {
      stopped = true;
    },
  };
}
