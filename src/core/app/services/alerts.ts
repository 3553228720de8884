// Loaded on demand by the services (index.ts): what change alerts after a monitor run are made of.
export { createAfterRunPipeline, createAlertService, createWebhookDeliverer } from '../../alerts';
export { createReportStep } from '../../outputs';
