import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { toShownError, type ShownError } from '../lib/errors';

// What Compare reads per answer beside the answer itself (its positioning, its facts): a cache
// by result id filled in batches as columns appear, emptied when what it holds moved.

/** A channel that reads per-answer data takes at most this many answers a call. */
const BATCH = 500;

export interface AnswerCacheState<T extends { resultId: string }> {
  /** By result id; an id main does not know (deleted since) is left out. */
  byResult: Record<string, T>;
  /** Result ids asked for (so a column does not ask again while the answer is on its way). */
  asked: Record<string, true>;
  error: ShownError | null;
  /** Moves at each clear(): the columns then ask for their answers again. */
  generation: number;
  /** Reads the answers not read yet, in batches. */
  ensure(resultIds: readonly string[]): Promise<void>;
  /** Forgets every answer (what it held moved: a re-score, a brand or sheet change). */
  clear(): void;
}

export function createAnswerCache<T extends { resultId: string }>(
  read: (resultIds: string[]) => Promise<T[]>,
): UseBoundStore<StoreApi<AnswerCacheState<T>>> {
  return create<AnswerCacheState<T>>((set, get) => ({
    byResult: {},
    asked: {},
    error: null,
    generation: 0,

    async ensure(resultIds) {
      const missing = [...new Set(resultIds)].filter((id) => !get().asked[id]);
      if (missing.length === 0) return;
      set((s) => ({
        asked: { ...s.asked, ...Object.fromEntries(missing.map((id) => [id, true as const])) },
      }));
      for (let i = 0; i < missing.length; i += BATCH) {
        const batch = missing.slice(i, i + BATCH);
        try {
          const rows = await read(batch);
          set((s) => ({
            byResult: { ...s.byResult, ...Object.fromEntries(rows.map((p) => [p.resultId, p])) },
            error: null,
          }));
        } catch (error) {
          // Asked again when the columns change or the cache is cleared.
          set((s) => {
            const asked = { ...s.asked };
            for (const id of batch) delete asked[id];
            return { asked, error: toShownError(error) };
          });
        }
      }
    },

    clear() {
      set((s) => ({ byResult: {}, asked: {}, error: null, generation: s.generation + 1 }));
    },
  }));
}
