import type { AheadJudge } from './context';
import type { ReadAheadRequest, ReadAheadStream } from './read-ahead';

// The threads a pull prepares its answers on ahead (judge-ahead.ts), for `parallax sync` and the
// app's background sync alike (positioning's judge pool, one thread fewer than the cores since
// this thread is busy writing: startAheadPool). Started at the first page worth it, so a sync
// that pulls little starts none, and kept for the syncs after it until closed.

/** What the threads do: positioning's JudgePool. */
export interface AheadPool extends Required<Omit<AheadJudge, 'readAhead'>> {
  close(): Promise<void>;
}

export interface AheadThreads extends AheadJudge {
  close(): Promise<void>;
}

/**
 * `readAhead`: starts a large pull's read-ahead thread (read-ahead.ts; positioning's readAheadOn),
 * which needs none of the pool's threads.
 */
export function createAheadThreads(
  start: () => AheadPool,
  readAhead?: (request: ReadAheadRequest) => ReadAheadStream,
): AheadThreads {
  let pool: AheadPool | null = null;
  const started = (): AheadPool => (pool ??= start());
  return {
    judgeBatch: (inputs, signal) => started().judgeBatch(inputs, signal),
    packDocs: (docs) => started().packDocs(docs),
    analyseAhead: (brands, answers) => started().analyseAhead(brands, answers),
    ...(readAhead ? { readAhead } : {}),
    async close() {
      const open = pool;
      pool = null;
      await open?.close();
    },
  };
}
