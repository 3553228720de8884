import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/channels/app';
import { call } from '../ipc/client';

interface AppState {
  info: AppInfo | null;
  error: string | null;
  load(): Promise<void>;
}

/** Facts about the running app (version, sandbox mode, data folder), loaded once at start. */
export const useAppStore = create<AppState>((set) => ({
  info: null,
  error: null,
  async load() {
    try {
      set({ info: await call('app.info', {}), error: null });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
}));
