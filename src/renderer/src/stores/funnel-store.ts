import { create } from 'zustand';
import type { FunnelView } from '../../../shared/funnel/types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

// The Funnel view's state: its period, and the funnel main computes over it.

interface FunnelState {
  days: number;
  data: FunnelView | null;
  loading: boolean;
  error: ShownError | null;
  load(): Promise<void>;
  setDays(days: number): void;
}

let loadSeq = 0;

export const useFunnelStore = create<FunnelState>((set, get) => ({
  days: 30,
  data: null,
  loading: false,
  error: null,
  async load() {
    const seq = ++loadSeq;
    set({ loading: true, error: null });
    try {
      const data = await call('funnel.summary', { days: get().days });
      // An answer to an earlier period that arrives after the newer one is dropped.
      if (seq === loadSeq) set({ data, loading: false });
    } catch (error) {
      if (seq === loadSeq) set({ loading: false, error: toShownError(error) });
    }
  },
  setDays(days) {
    set({ days });
    void get().load();
  },
}));
