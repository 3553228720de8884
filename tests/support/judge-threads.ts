import { createBuiltinJudgePool, type JudgePool } from '../../src/main/positioning';

/** positioning-worker.ts run from its source (the tests run TypeScript through tsx). */
export const POSITIONING_WORKER = {
  file: new URL('../../src/main/positioning/positioning-worker.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
};

/** The built-in judge's pool on `threads` worker threads (a pull's answers are prepared ahead there). */
export function startJudgeThreads(threads = 1): JudgePool {
  return createBuiltinJudgePool(POSITIONING_WORKER, threads);
}
