import type { AfterRunPipeline, WebhookDeliverer } from '../alerts';
import type { EventBus } from '../platform';
import type { AfterRunOptions, CoreServices } from './services';

export interface AlertsWiring {
  alerts: AfterRunPipeline;
  webhooks: WebhookDeliverer;
  /** Stops reacting to finished runs (before the core closes). */
  unsubscribe: () => void;
}

/**
 * The change alerts of the app's core: the services' after-run pipeline (alert check, webhook,
 * the client report to the monitor's folder, then any other steps), and the subscription that
 * runs it when a monitor run completes.
 */
export async function wireAlerts(
  services: CoreServices,
  options: AfterRunOptions & { events: EventBus },
): Promise<AlertsWiring> {
  const { pipeline: alerts, webhooks } = await services.afterRun(options);
  // A monitor run that completes is compared with the monitor's previous run; a demo history
  // (built through another connection) gets its alerts checked quietly.
  const unsubscribe = options.events.subscribe((event, payload) => {
    if (event === 'run.progress') {
      const progress = payload as { runId: string; status: string };
      if (progress.status === 'completed') void alerts.afterRun(progress.runId);
    } else if (event === 'visibility.changed' && (payload as { reason: string }).reason === 'demo') {
      void alerts.catchUp({ quiet: true });
    }
  });
  return { alerts, webhooks, unsubscribe };
}
