import { create } from 'zustand';
import type { FunnelSharingView } from '../../../shared/ipc/channels/funnel';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

// Settings → What leaves this computer: whether the open workspace shares its funnel's daily
// aggregates with the team server (off unless turned on).

interface FunnelSharingState {
  sharing: FunnelSharingView | null;
  error: ShownError | null;
  load(): Promise<void>;
  set(aggregates: boolean): Promise<void>;
}

export const useFunnelSharingStore = create<FunnelSharingState>((set) => ({
  sharing: null,
  error: null,
  async load() {
    try {
      set({ sharing: await call('funnel.sharing', {}), error: null });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async set(aggregates) {
    try {
      set({ sharing: await call('funnel.setSharing', { aggregates }), error: null });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
}));
