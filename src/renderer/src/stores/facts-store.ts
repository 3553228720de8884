import { create } from 'zustand';
import type { FactsFigures } from '../../../shared/facts';
import type { FactSheetImportView } from '../../../shared/ipc/channels/facts';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

// The Brands view's Facts panel: the figures over the last 30 days, and a brand's sheet imported.

interface FactsState {
  figures: FactsFigures | null;
  loading: boolean;
  error: ShownError | null;
  /** The last import (null before one or after a canceled dialog). */
  imported: FactSheetImportView | null;
  load(): Promise<void>;
  importSheet(brandId: string): Promise<void>;
}

export const useFactsStore = create<FactsState>((set, get) => ({
  figures: null,
  loading: false,
  error: null,
  imported: null,
  async load() {
    set({ loading: true, error: null });
    try {
      set({ figures: await call('facts.figures', { days: 30 }), loading: false });
    } catch (error) {
      set({ loading: false, error: toShownError(error) });
    }
  },
  async importSheet(brandId) {
    set({ error: null });
    try {
      const done = await call('facts.importSheet', { brandId });
      set({ imported: done.path === null ? null : done });
      if (done.path !== null) await get().load();
    } catch (error) {
      set({ error: toShownError(error), imported: null });
    }
  },
}));
