import { create } from 'zustand';
import type { EngineName } from '../../../shared/api/engines';

export const VIEWS = [
  { id: 'compose', label: 'Compose' },
  { id: 'run', label: 'Run' },
  { id: 'compare', label: 'Compare' },
  { id: 'over-time', label: 'Over time' },
  { id: 'brands', label: 'Brands' },
  { id: 'history', label: 'History' },
  { id: 'tools', label: 'Tools' },
  { id: 'settings', label: 'Settings' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

export interface SeriesTarget {
  prompt: string;
  engine: EngineName;
  country: string;
  state: string | null;
}

interface NavState {
  view: ViewId;
  /** The run the Run and Compare views show. */
  runId: string | null;
  seriesTarget: SeriesTarget | null;
  go(view: ViewId): void;
  openRun(runId: string, view?: 'run' | 'compare'): void;
  /** Changes the current run without leaving the view. */
  setRunId(runId: string): void;
  openSeries(target: SeriesTarget): void;
}

/** Which view is on screen, and which run / series it is about. */
export const useNavStore = create<NavState>((set) => ({
  view: 'compose',
  runId: null,
  seriesTarget: null,
  go: (view) => set({ view }),
  openRun: (runId, view = 'compare') => set({ runId, view }),
  setRunId: (runId) => set({ runId }),
  openSeries: (seriesTarget) => set({ seriesTarget, view: 'over-time' }),
}));
