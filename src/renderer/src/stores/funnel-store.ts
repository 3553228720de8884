import { create } from 'zustand';
import type { FunnelSource, FunnelView } from '../../../shared/funnel/types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

// The Funnel view's state: its period, whose figures (null: main decides, this computer's when it
// has any, else the team's), and the funnel main computes over them.

interface FunnelState {
  days: number;
  source: FunnelSource | null;
  data: FunnelView | null;
  loading: boolean;
  error: ShownError | null;
  load(): Promise<void>;
  setDays(days: number): void;
  setSource(source: FunnelSource | null): void;
}

let loadSeq = 0;

export const useFunnelStore = create<FunnelState>((set, get) => ({
  days: 30,
  source: null,
  data: null,
  loading: false,
  error: null,
  async load() {
    const seq = ++loadSeq;
    set({ loading: true, error: null });
    try {
      const { days, source } = get();
      const data = await call('funnel.summary', { days, ...(source ? { source } : {}) });
      // An answer to an earlier choice that arrives after the newer one is dropped.
      if (seq === loadSeq) set({ data, loading: false });
    } catch (error) {
      if (seq === loadSeq) set({ loading: false, error: toShownError(error) });
    }
  },
  setDays(days) {
    set({ days });
    void get().load();
  },
  setSource(source) {
    set({ source });
    void get().load();
  },
}));
