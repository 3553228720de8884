// Alerts: change alerts and the checks that found them, the facts a check compares, monitors' alert
// options and the webhook outbox.

export {
  type AlertCheckInput,
  type AlertCheckRecord,
  type AlertCheckResult,
  type AlertsApi,
  createAlertsApi,
} from './alerts';
export type { AlertDigestsApi } from './alerts-digests';
export type { AlertTrendInputsApi, RaisedTrend, RunSliceCounts } from './alerts-trend-inputs';
export {
  type AlertInputsApi,
  createAlertInputsApi,
  type MonitorRunRef,
  type RunAnswerFacts,
} from './alerts-inputs';
export { createMonitorOptionsApi, type MonitorOptionsApi, type MonitorOptionsInput } from './alerts-options';
export {
  createWebhookOutboxApi,
  type WebhookAttemptOutcome,
  type WebhookDeliveryRow,
  type WebhookOutboxApi,
} from './alerts-webhooks';
