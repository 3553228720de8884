import {
  createBuiltinJudgePool,
  type JudgePool as PositioningJudgePool,
} from '../../src/core/positioning/positioning';
import { readAheadOn, type ReadAheadRequest, type ReadAheadStream } from '../../src/core/team/sync';
import { positioningWorker } from './worker-scripts';

/** positioning-worker.ts as the CLI runs it (./worker-scripts.ts). */
export const POSITIONING_WORKER = positioningWorker();

/** The judge threads a pull prepares its answers on, and its read-ahead thread from the same script. */
export type JudgePool = PositioningJudgePool & {
  readAhead(request: ReadAheadRequest): ReadAheadStream;
};

/** The built-in judge's pool on `threads` worker threads (a pull's answers are prepared ahead there). */
export function startJudgeThreads(threads = 1): JudgePool {
  return {
    ...createBuiltinJudgePool(POSITIONING_WORKER, threads),
    readAhead: readAheadOn(POSITIONING_WORKER),
  };
}
