export type { WorkerScript } from './worker-script';
