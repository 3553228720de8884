// Change alerts after monitor runs: the comparison service, the after-run pipeline (with its
// extension steps), and the webhook outbox's deliverer.
export { createAlertService, type AlertService, type AlertServiceDeps, type CheckOutcome } from './service';
export {
  createAfterRunPipeline,
  type AfterRunDeps,
  type AfterRunPipeline,
  type AfterRunResult,
  type StepResult,
} from './after-run';
export {
  createWebhookDeliverer,
  DEFAULT_WEBHOOK_BACKOFF,
  scrubUrl,
  type WebhookBackoff,
  type WebhookDeliverer,
  type WebhookDelivererDeps,
} from './webhook';
export { buildWebhookPayload, type WebhookPayload } from './payload';
export type { AfterRunContext, AfterRunStep, AfterRunStepOutcome } from './types';
export { compareUncheckedRuns, readAfterCatchUp, type CatchUpDeps, type CaughtUp } from './catch-up';
