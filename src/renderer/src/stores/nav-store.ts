import { create } from 'zustand';
import type { EngineName } from '../../../shared/api/engines';

/**
 * The views in sidebar order, grouped by what the analyst is doing (analyse, collect, review,
 * and setup for Tools and Settings). `shortcut` is the key for Ctrl/Cmd+key, in the sidebar's
 * order: 1…9 then 0 for the first ten views, then Settings on Ctrl/Cmd+, (each platform's
 * settings key) and Tools on Ctrl/Cmd+Shift+T.
 */
export const VIEWS = [
  { id: 'visibility', label: 'Visibility', shortcut: '1', shift: false, group: 'analyse' },
  { id: 'alerts', label: 'Alerts', shortcut: '2', shift: false, group: 'analyse' },
  { id: 'compare', label: 'Compare', shortcut: '3', shift: false, group: 'analyse' },
  { id: 'over-time', label: 'Over time', shortcut: '4', shift: false, group: 'analyse' },
  { id: 'brands', label: 'Brands', shortcut: '5', shift: false, group: 'analyse' },
  { id: 'commerce', label: 'Commerce', shortcut: 'M', shift: true, group: 'analyse' },
  { id: 'funnel', label: 'Funnel', shortcut: 'U', shift: true, group: 'analyse' },
  { id: 'compose', label: 'Compose', shortcut: '6', shift: false, group: 'collect' },
  { id: 'run', label: 'Run', shortcut: '7', shift: false, group: 'collect' },
  { id: 'monitors', label: 'Monitors', shortcut: '8', shift: false, group: 'collect' },
  { id: 'library', label: 'Library', shortcut: '9', shift: false, group: 'collect' },
  { id: 'history', label: 'History', shortcut: '0', shift: false, group: 'review' },
  { id: 'tools', label: 'Tools', shortcut: 'T', shift: true, group: 'setup' },
  { id: 'settings', label: 'Settings', shortcut: ',', shift: false, group: 'setup' },
] as const;

export const VIEW_GROUPS = [
  { id: 'analyse', label: 'Analyse' },
  { id: 'collect', label: 'Collect' },
  { id: 'review', label: 'Review' },
  { id: 'setup', label: 'Setup' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

export interface SeriesTarget {
  prompt: string;
  engine: EngineName;
  country: string;
  state: string | null;
}

/** The products or ads a Commerce number counts, marked in Compare's answers. */
export interface CommerceHighlight {
  kind: 'product' | 'ad';
  /** A product's title, as the engine wrote it. */
  title?: string;
  /** A tracked brand's name: its products (brand field or title) or its ads. */
  brand?: string;
  /** An advertiser's name or landing domain. */
  advertiser?: string;
  /** A merchant selling the product (the card's or an offer's). */
  merchant?: string;
}

/**
 * A set of answers a number stands for (from Visibility's drill-down), shown in Compare
 * instead of one run: the ids are fetched with results.get.
 */
export interface ResultSetTarget {
  /** What the answers are, in words ("Answers naming Veloxa, US, 2026-11-02"). */
  title: string;
  resultIds: string[];
  /** How many answers the number stands for (resultIds may be capped). */
  total: number;
  /** Open in diff mode, the first answer as old (A) and the second as new (B) (an alert's pair). */
  diff?: boolean;
  /** Each answer its own column, repeats of one cell too (the answers a repeat summary opens). */
  separate?: boolean;
  /** The products or ads the number counts (a Commerce drill-down), marked in each answer. */
  highlight?: CommerceHighlight;
}

interface NavState {
  view: ViewId;
  /** The run the Run and Compare views show. */
  runId: string | null;
  seriesTarget: SeriesTarget | null;
  /** When set, Compare shows these answers rather than the run. */
  resultSet: ResultSetTarget | null;
  go(view: ViewId): void;
  openRun(runId: string, view?: 'run' | 'compare'): void;
  /** Changes the current run without leaving the view. */
  setRunId(runId: string): void;
  /** A run was deleted: views that showed it fall back to choosing another. */
  forgetRun(runId: string): void;
  openSeries(target: SeriesTarget): void;
  openResultSet(target: ResultSetTarget): void;
  /** Compare goes back to showing a run. */
  closeResultSet(): void;
}

/** Which view is on screen, and which run / series it is about. */
export const useNavStore = create<NavState>((set) => ({
  view: 'visibility',
  runId: null,
  seriesTarget: null,
  resultSet: null,
  go: (view) => set({ view }),
  openRun: (runId, view = 'compare') => set({ runId, view, resultSet: null }),
  setRunId: (runId) => set({ runId }),
  forgetRun: (runId) => set((s) => (s.runId === runId ? { runId: null } : {})),
  openSeries: (seriesTarget) => set({ seriesTarget, view: 'over-time' }),
  openResultSet: (resultSet) => set({ resultSet, view: 'compare' }),
  closeResultSet: () => set({ resultSet: null }),
}));
