import { create } from 'zustand';
import type { CreditsView, QueueStatusView } from '../../../shared/ipc/channels/tools';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

interface ToolsState {
  credits: CreditsView | null;
  queue: QueueStatusView | null;
  loading: boolean;
  error: ShownError | null;
  refresh(): Promise<void>;
  clearQueue(): Promise<number | null>;
}

/** Credits balance and the organization's async queue (Tools view). */
export const useToolsStore = create<ToolsState>((set, get) => ({
  credits: null,
  queue: null,
  loading: false,
  error: null,
  async refresh() {
    set({ loading: true, error: null });
    try {
      const [credits, queue] = await Promise.all([call('credits.get', {}), call('queue.status', {})]);
      set({ credits, queue, loading: false });
    } catch (error) {
      set({ error: toShownError(error), loading: false });
    }
  },
  async clearQueue() {
    try {
      const { cleared } = await call('queue.clear', { confirm: true });
      await get().refresh();
      return cleared;
    } catch (error) {
      set({ error: toShownError(error) });
      return null;
    }
  },
}));
