import { create } from 'zustand';
import type { ResultView, SeriesPointView } from '../../../shared/ipc/channels/runs';
import type { SeriesKeyView } from '../../../shared/visibility/types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';
import type { SeriesTarget } from './nav-store';

/** How many of the most recent points are loaded in full for charts. */
export const SERIES_RESULT_LIMIT = 200;
/** How many series the picker lists (typing narrows them). */
export const SERIES_KEYS_LIMIT = 200;

interface OverTimeState {
  target: SeriesTarget | null;
  points: SeriesPointView[] | null;
  results: ResultView[];
  loading: boolean;
  /** The two results the date diff compares (null: oldest / newest). */
  pair: { a: string | null; b: string | null };
  setPair(pair: { a: string | null; b: string | null }): void;
  error: ShownError | null;
  load(target: SeriesTarget): Promise<void>;
  /** The picker's prompt × engine × location choices (asked more than once), most answers first. */
  keys: SeriesKeyView[] | null;
  /** The text the listed keys were filtered by. */
  keysFilter: string;
  keysLoading: boolean;
  keysError: ShownError | null;
  loadKeys(text: string): Promise<void>;
}

/** The same prompt × engine × location across runs. */
export const useOverTimeStore = create<OverTimeState>((set, get) => ({
  target: null,
  points: null,
  results: [],
  loading: false,
  error: null,
  pair: { a: null, b: null },
  keys: null,
  keysFilter: '',
  keysLoading: false,
  keysError: null,
  setPair: (pair) => set({ pair }),
  async load(target) {
    set({ target, loading: true, error: null, points: null, results: [], pair: { a: null, b: null } });
    try {
      const points = await call('results.series', target);
      const ids = points.slice(-SERIES_RESULT_LIMIT).map((p) => p.resultId);
      const results: ResultView[] = [];
      for (let i = 0; i < ids.length; i += 50)
        results.push(...(await call('results.get', { resultIds: ids.slice(i, i + 50) })));
      if (get().target !== target) return;
      set({ points, results, loading: false });
    } catch (error) {
      if (get().target === target) set({ error: toShownError(error), loading: false });
    }
  },
  async loadKeys(text) {
    set({ keysFilter: text, keysLoading: true, keysError: null });
    const filter = text.trim();
    try {
      const keys = await call('history.seriesKeys', {
        ...(filter ? { text: filter } : {}),
        limit: SERIES_KEYS_LIMIT,
      });
      if (get().keysFilter === text) set({ keys, keysLoading: false });
    } catch (error) {
      if (get().keysFilter === text) set({ keysError: toShownError(error), keysLoading: false });
    }
  },
}));
