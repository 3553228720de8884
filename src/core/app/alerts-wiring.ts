import {
  createAfterRunPipeline,
  createAlertService,
  createWebhookDeliverer,
  type AfterRunPipeline,
  type AfterRunStep,
  type WebhookBackoff,
  type WebhookDeliverer,
} from '../alerts';
import type { EngineLabels } from '../../shared/narrative/places';
import type { EventBus } from '../platform';
import { createReportStep } from '../outputs';
import type { HistoryStore } from '../history';

export interface AlertsWiringDeps {
  store: HistoryStore;
  events: EventBus;
  fetch: typeof fetch;
  now: () => number;
  afterRunSteps?: readonly AfterRunStep[];
  webhookBackoff?: WebhookBackoff;
  logError: (message: string) => void;
  /** The engine labels of the profile in use (the digest's and the webhook's sentences). */
  labels?: () => EngineLabels;
  /** The active positioning judge (settings), for the positioning rules. */
  activeJudge?: () => string;
}

export interface AlertsWiring {
  alerts: AfterRunPipeline;
  webhooks: WebhookDeliverer;
  /** Stops reacting to finished runs (before the core closes). */
  unsubscribe: () => void;
}

/**
 * The change alerts of the core: the webhook deliverer, the after-run pipeline (alert check,
 * webhook, the client report to the monitor's folder, then any other steps), and the
 * subscription that runs it when a monitor run completes.
 */
export function wireAlerts(deps: AlertsWiringDeps): AlertsWiring {
  const { store, events, now, logError } = deps;
  const webhooks = createWebhookDeliverer({
    store,
    fetch: deps.fetch,
    now,
    ...(deps.webhookBackoff ? { backoff: deps.webhookBackoff } : {}),
    logError,
  });
  const alerts = createAfterRunPipeline({
    store,
    alerts: createAlertService({
      store,
      now,
      ...(deps.labels ? { labels: deps.labels } : {}),
      ...(deps.activeJudge ? { activeJudge: deps.activeJudge } : {}),
    }),
    events,
    ...(deps.labels ? { labels: deps.labels } : {}),
    webhooks,
    // The client report to the monitor's report folder (when it names one), then any others.
    steps: [
      createReportStep({
        events,
        ...(deps.labels ? { labels: deps.labels } : {}),
        ...(deps.activeJudge ? { activeJudge: deps.activeJudge } : {}),
      }),
      ...(deps.afterRunSteps ?? []),
    ],
    now,
    logError,
  });
  // A monitor run that completes is compared with the monitor's previous run; a demo history
  // (built through another connection) gets its alerts checked quietly.
  const unsubscribe = events.subscribe((event, payload) => {
    if (event === 'run.progress') {
      const progress = payload as { runId: string; status: string };
      if (progress.status === 'completed') void alerts.afterRun(progress.runId);
    } else if (event === 'visibility.changed' && (payload as { reason: string }).reason === 'demo') {
      void alerts.catchUp({ quiet: true });
    }
  });
  return { alerts, webhooks, unsubscribe };
}
