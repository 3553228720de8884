import { create } from 'zustand';
import type { EventPayload } from '../../../shared/ipc/contract';
import type {
  AttributeGapsView,
  PositioningBuckets,
  PositioningSummary,
  RescoreSummary,
} from '../../../shared/positioning/view-types';
import type { VisibilityQuery } from '../../../shared/visibility/types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';
import type { PanelState } from './visibility-store';

/** How many attributes each brand's row lists (the chips of the Positioning panel). */
export const POSITIONING_ATTRIBUTES = 6;

/** A re-score of the archive as the views show it: from the summary, then from its events. */
export interface RescoreLineState {
  done: number;
  total: number;
  /** Stopped by the analyst: it waits for Resume. */
  paused: boolean;
  /** Why the last batch failed (it resumes at the next start), or null. */
  failed: string | null;
}

/** How many attributes competitors own and the focus brand lacks the panel lists. */
export const POSITIONING_GAPS = 8;

interface PositioningState {
  summary: PanelState<PositioningSummary>;
  /** Qualities competitors own that the focus brand lacks. */
  gaps: PanelState<AttributeGapsView>;
  /** Every brand's positioning day by day (the panel's tone over time). */
  trend: PanelState<PositioningBuckets>;
  rescore: RescoreLineState | null;
  /** The last finished re-score's "what moved" lines, shown once it ends (until dismissed). */
  lastRescore: RescoreSummary | null;
  /** A failed start, cancel or status read of the re-score. */
  rescoreError: ShownError | null;
  /** Reads the summary, the attribute gaps and the days for the Visibility filters (the newest request wins). */
  load(query: VisibilityQuery): Promise<void>;
  onRescore(p: EventPayload<'positioning.rescore'>): void;
  startRescore(): Promise<void>;
  cancelRescore(): Promise<void>;
  dismissLastRescore(): void;
}

let token = 0;
/** The last query, read again when a re-score ends. */
let lastQuery: VisibilityQuery | null = null;

/**
 * The Positioning numbers of the Visibility view: the focus brand's recommendation
 * rate and net sentiment, every brand's status mix, tone and attributes, for the view's
 * filters; and the archive's re-score (progress, cancel, what moved).
 */
export const usePositioningStore = create<PositioningState>((set, get) => ({
  summary: { data: null, loading: false, error: null },
  gaps: { data: null, loading: false, error: null },
  trend: { data: null, loading: false, error: null },
  rescore: null,
  lastRescore: null,
  rescoreError: null,

  async load(query) {
    lastQuery = query;
    const mine = ++token;
    set((s) => ({
      summary: { ...s.summary, loading: true, error: null },
      gaps: { ...s.gaps, loading: true, error: null },
      trend: { ...s.trend, loading: true, error: null },
    }));
    void loadPanel(
      'gaps',
      () => call('positioning.attributeGaps', { ...query, limit: POSITIONING_GAPS }),
      mine,
      set,
    );
    void loadPanel(
      'trend',
      () => call('positioning.buckets', { ...query, by: ['day'], attributeLimit: 0 }),
      mine,
      set,
    );
    try {
      const data = await call('positioning.summary', { ...query, attributeLimit: POSITIONING_ATTRIBUTES });
      if (mine !== token) return;
      set({ summary: { data, loading: false, error: null } });
      // The summary knows of a re-score pending from an earlier session (or paused).
      const job = data.rescore;
      if (job && !get().rescore)
        set({ rescore: { done: job.done, total: job.total, paused: job.paused, failed: null } });
      if (!job && get().rescore?.paused) set({ rescore: null });
    } catch (error) {
      if (mine === token) set({ summary: { data: null, loading: false, error: toShownError(error) } });
    }
  },

  onRescore(p) {
    if (p.phase === 'running') {
      set({ rescore: { done: p.done, total: p.total, paused: false, failed: null } });
      return;
    }
    if (p.phase === 'paused' || p.phase === 'failed') {
      set({
        rescore: {
          done: p.done,
          total: p.total,
          paused: true,
          failed: p.phase === 'failed' ? p.message : null,
        },
      });
      return;
    }
    set({ rescore: null });
    void readLastRescore(set);
    if (lastQuery) void get().load(lastQuery);
  },

  async startRescore() {
    set({ rescoreError: null, lastRescore: null });
    try {
      const status = await call('positioning.rescore.start', { judge: 'builtin' });
      const job = status.job;
      set({
        rescore: job ? { done: job.done, total: job.total, paused: job.paused, failed: null } : null,
      });
    } catch (error) {
      set({ rescoreError: toShownError(error) });
    }
  },

  async cancelRescore() {
    set({ rescoreError: null });
    try {
      const status = await call('positioning.rescore.cancel', {});
      const job = status.job;
      set({ rescore: job ? { done: job.done, total: job.total, paused: true, failed: null } : null });
    } catch (error) {
      set({ rescoreError: toShownError(error) });
    }
  },

  dismissLastRescore() {
    set({ lastRescore: null });
  },
}));

/** One of the panel's secondary reads: its state set when it answers, unless a newer load began. */
async function loadPanel<K extends 'gaps' | 'trend'>(
  key: K,
  read: () => Promise<NonNullable<PositioningState[K]['data']>>,
  mine: number,
  set: (patch: Partial<PositioningState>) => void,
): Promise<void> {
  let next: PositioningState[K];
  try {
    next = { data: await read(), loading: false, error: null } as PositioningState[K];
  } catch (error) {
    next = { data: null, loading: false, error: toShownError(error) } as PositioningState[K];
  }
  if (mine === token) set({ [key]: next } as Partial<PositioningState>);
}

async function readLastRescore(set: (patch: Partial<PositioningState>) => void): Promise<void> {
  try {
    const status = await call('positioning.rescore.status', {});
    set({ lastRescore: status.last });
  } catch (error) {
    set({ rescoreError: toShownError(error) });
  }
}
