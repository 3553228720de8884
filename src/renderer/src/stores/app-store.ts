import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/channels/app';
import type { KeyStatusView, SettingsView } from '../../../shared/ipc/channels/settings';
import type { InvokeInput } from '../../../shared/ipc/contract';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

interface AppState {
  info: AppInfo | null;
  settings: SettingsView | null;
  key: KeyStatusView | null;
  error: ShownError | null;
  /** The user chose "Connect my API key" on the first-run screen and is entering it. */
  connecting: boolean;
  load(): Promise<void>;
  updateSettings(patch: InvokeInput<'settings.update'>): Promise<void>;
  setKeyStatus(key: KeyStatusView): void;
  setConnecting(connecting: boolean): void;
}

/** Facts about the running app, its settings and key status; loaded at start. */
export const useAppStore = create<AppState>((set) => ({
  info: null,
  settings: null,
  key: null,
  error: null,
  connecting: false,
  async load() {
    try {
      const [info, settings, key] = await Promise.all([
        call('app.info', {}),
        call('settings.get', {}),
        call('key.status', {}),
      ]);
      set({ info, settings, key, error: null });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async updateSettings(patch) {
    const settings = await call('settings.update', patch);
    const info = await call('app.info', {});
    set({ settings, info });
  },
  setKeyStatus: (key) => set({ key }),
  setConnecting: (connecting) => set({ connecting }),
}));

/** True when answers are synthetic: the app talks to its built-in sandbox. */
export function useSandboxMode(): boolean {
  return useAppStore((s) => s.settings?.sandboxMode ?? s.info?.sandboxMode ?? false);
}
