import { create } from 'zustand';
import type { MatrixCellView, ResultView, RunDetailView } from '../../../shared/ipc/channels/runs';
import { call } from '../ipc/client';
import type { CompareFilters } from '../lib/compare-columns';
import { toShownError, type ShownError } from '../lib/errors';
import type { ResultSetTarget } from './nav-store';

const BATCH = 50;

interface CompareState {
  runId: string | null;
  detail: RunDetailView | null;
  cells: MatrixCellView[];
  results: Record<string, ResultView>;
  loading: boolean;
  error: ShownError | null;
  filters: CompareFilters;
  diffMode: boolean;
  diffA: string | null;
  diffB: string | null;
  syncScroll: boolean;
  /** The result set on screen instead of the run (from Visibility's drill-down). */
  resultSet: ResultSetTarget | null;
  /** The result set's answers are being fetched. */
  resultSetLoading: boolean;
  load(runId: string): Promise<void>;
  /** Shows a result set (null: back to the run); the diff pair starts afresh either way. */
  showResultSet(target: ResultSetTarget | null): Promise<void>;
  ensureResults(resultIds: string[]): Promise<void>;
  setFilters(p: Partial<CompareFilters>): void;
  setDiffMode(on: boolean): void;
  setDiffPair(a: string | null, b: string | null): void;
  setSyncScroll(on: boolean): void;
}

const initialFilters: CompareFilters = {
  promptIndex: 0,
  groupBy: 'location',
  engine: null,
  location: null,
  repeat: null,
};

/**
 * One run's answers side by side, or a result set (the answers a Visibility number stands
 * for); results are fetched in batches, for a run only those of the shown columns.
 */
export const useCompareStore = create<CompareState>((set, get) => ({
  runId: null,
  detail: null,
  cells: [],
  results: {},
  loading: false,
  error: null,
  filters: initialFilters,
  diffMode: false,
  diffA: null,
  diffB: null,
  syncScroll: true,
  resultSet: null,
  resultSetLoading: false,
  async load(runId) {
    set({
      runId,
      loading: true,
      error: null,
      detail: null,
      cells: [],
      results: {},
      filters: initialFilters,
      diffA: null,
      diffB: null,
    });
    try {
      const [detail, cells] = await Promise.all([
        call('runs.get', { runId }),
        call('runs.matrix', { runId }),
      ]);
      if (get().runId !== runId) return;
      set({ detail, cells, loading: false });
    } catch (error) {
      if (get().runId === runId) set({ error: toShownError(error), loading: false });
    }
  },
  async showResultSet(target) {
    set({
      resultSet: target,
      resultSetLoading: target !== null,
      error: null,
      diffA: null,
      diffB: null,
      // An alert's two answers open as a diff (A = the first, B = the second: the pair's default).
      ...(target?.diff ? { diffMode: true } : {}),
    });
    if (!target) return;
    await get().ensureResults(target.resultIds);
    if (get().resultSet === target) set({ resultSetLoading: false });
  },
  async ensureResults(resultIds) {
    const missing = resultIds.filter((id) => !(id in get().results));
    for (let i = 0; i < missing.length; i += BATCH) {
      try {
        const batch = await call('results.get', { resultIds: missing.slice(i, i + BATCH) });
        set((s) => ({ results: { ...s.results, ...Object.fromEntries(batch.map((r) => [r.resultId, r])) } }));
      } catch (error) {
        set({ error: toShownError(error) });
        return;
      }
    }
  },
  setFilters: (p) => set((s) => ({ filters: { ...s.filters, ...p }, diffA: null, diffB: null })),
  setDiffMode: (diffMode) => set({ diffMode }),
  setDiffPair: (diffA, diffB) => set({ diffA, diffB }),
  setSyncScroll: (syncScroll) => set({ syncScroll }),
}));
