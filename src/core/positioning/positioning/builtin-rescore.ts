import type { WorkerScript } from '../../platform';
import { createBuiltinJudgePool, judgeThreadCount } from './judge-pool';
import {
  builtinRescoreJudge,
  runRescore,
  type RescoreJudge,
  type RescoreOutcome,
  type RescoreRunOptions,
  type RescoreStore,
} from './rescore-pipeline';

// The built-in judge's re-score, one way for every caller: the app's re-score thread
// (positioning-worker.ts, started by the rescore driver), the driver's in-process fallback and
// `parallax positioning rescore`. Each reads and writes through its own connection; what differs
// is only where the judging runs: a pool of judge threads when a worker script is given and more
// than one thread is wanted, else this thread.

export interface BuiltinRescoreOptions extends RescoreRunOptions {
  /** positioning-worker's script for the judge threads; without it the judging runs on this thread. */
  worker?: WorkerScript;
  /** Judge threads (default: one per core, at most four; 1 judges on this thread). */
  threads?: number;
}

export async function runBuiltinRescore(
  store: RescoreStore,
  options: BuiltinRescoreOptions = {},
): Promise<RescoreOutcome> {
  const { worker, threads = judgeThreadCount(), ...run } = options;
  const pool = worker && threads > 1 ? createBuiltinJudgePool(worker, threads) : null;
  const judge: RescoreJudge = pool ?? builtinRescoreJudge();
  try {
    return await runRescore(store, judge, run);
  } finally {
    await pool?.close();
  }
}
