import type { JudgePool } from '../main/positioning';
import type { AheadJudge } from '../main/sync';
import { cliPositioningWorker } from './positioning-worker';

// The judge threads of `parallax sync`: a pull's answers are judged there while the main thread
// stores the page before (src/main/sync/judge-ahead.ts). One thread fewer than the cores, since
// the main thread is busy writing; started at the first page worth it, so a sync that pulls
// little answers starts none.

export interface SyncJudge extends AheadJudge {
  close(): Promise<void>;
}

export async function cliSyncJudge(): Promise<SyncJudge> {
  const { createBuiltinJudgePool, judgeThreadCount } = await import('../main/positioning');
  let pool: JudgePool | null = null;
  return {
    judgeBatch(inputs, signal) {
      pool ??= createBuiltinJudgePool(cliPositioningWorker(), Math.max(1, judgeThreadCount() - 1));
      return pool.judgeBatch(inputs, signal);
    },
    async close() {
      await pool?.close();
    },
  };
}
