import { createBuiltinJudgePool, type JudgePool } from '../../src/core/positioning/positioning';
import { positioningWorker } from './worker-scripts';

/** positioning-worker.ts as the CLI runs it (./worker-scripts.ts). */
export const POSITIONING_WORKER = positioningWorker();

/** The built-in judge's pool on `threads` worker threads (a pull's answers are prepared ahead there). */
export function startJudgeThreads(threads = 1): JudgePool {
  return createBuiltinJudgePool(POSITIONING_WORKER, threads);
}
