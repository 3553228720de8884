import { create } from 'zustand';
import type { EngineName } from '../../../shared/api/engines';

/**
 * The views in sidebar order. `shortcut` is the digit for Ctrl/Cmd+digit: the first eight
 * views keep 1…8 in their order, and views added later take the next free digits (9, 0)
 * wherever they sit in the sidebar, so muscle memory never breaks.
 */
export const VIEWS = [
  { id: 'compose', label: 'Compose', shortcut: '1' },
  { id: 'run', label: 'Run', shortcut: '2' },
  { id: 'compare', label: 'Compare', shortcut: '3' },
  { id: 'over-time', label: 'Over time', shortcut: '4' },
  { id: 'brands', label: 'Brands', shortcut: '5' },
  { id: 'history', label: 'History', shortcut: '6' },
  { id: 'library', label: 'Library', shortcut: '9' },
  { id: 'monitors', label: 'Monitors', shortcut: '0' },
  { id: 'tools', label: 'Tools', shortcut: '7' },
  { id: 'settings', label: 'Settings', shortcut: '8' },
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
  /** A run was deleted: views that showed it fall back to choosing another. */
  forgetRun(runId: string): void;
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
  forgetRun: (runId) => set((s) => (s.runId === runId ? { runId: null } : {})),
  openSeries: (seriesTarget) => set({ seriesTarget, view: 'over-time' }),
}));
