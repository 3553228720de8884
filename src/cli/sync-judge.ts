import type { AheadThreads } from '../core/team';
import { cliPositioningWorker } from './positioning-worker';

// The threads of `parallax sync`: a pull's answers are judged and their documents packed there
// while the main thread stores the page before (src/core/team/sync/judge-ahead.ts, ahead-threads.ts),
// and a large pull's answers read and prepared on a thread of their own (read-ahead.ts).

export type SyncJudge = AheadThreads;

export async function cliSyncJudge(): Promise<SyncJudge> {
  // Loaded only by a sync (the judge is not small).
  const [{ createAheadThreads, readAheadOn }, { startAheadPool }] = await Promise.all([
    import('./lazy/team-sync'),
    import('./lazy/judge-threads'),
  ]);
  const script = cliPositioningWorker();
  return createAheadThreads(() => startAheadPool(script), readAheadOn(script));
}
