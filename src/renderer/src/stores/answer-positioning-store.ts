import { create } from 'zustand';
import type { ResultPositioning } from '../../../shared/positioning/view-types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

/** The positioning.results channel takes at most this many answers a call. */
const BATCH = 500;

interface AnswerPositioningState {
  /** By result id; an id main does not know (deleted since) is left out. */
  byResult: Record<string, ResultPositioning>;
  /** Result ids asked for (so a column does not ask again while the answer is on its way). */
  asked: Record<string, true>;
  error: ShownError | null;
  /** Moves at each clear(): the columns then ask for their answers again. */
  generation: number;
  /** Reads the positioning of the answers not read yet, in batches. */
  ensure(resultIds: readonly string[]): Promise<void>;
  /** Forgets every answer's positioning (a re-score or a brand change moved it). */
  clear(): void;
}

/** Each answer's positioning for Compare: every brand's status, tone, evidence and attributes. */
export const useAnswerPositioningStore = create<AnswerPositioningState>((set, get) => ({
  byResult: {},
  asked: {},
  error: null,
  generation: 0,

  async ensure(resultIds) {
    const missing = [...new Set(resultIds)].filter((id) => !get().asked[id]);
    if (missing.length === 0) return;
    set((s) => ({ asked: { ...s.asked, ...Object.fromEntries(missing.map((id) => [id, true as const])) } }));
    for (let i = 0; i < missing.length; i += BATCH) {
      const batch = missing.slice(i, i + BATCH);
      try {
        const read = await call('positioning.results', { resultIds: batch });
        set((s) => ({
          byResult: { ...s.byResult, ...Object.fromEntries(read.map((p) => [p.resultId, p])) },
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
