import { create } from 'zustand';
import type { WorkspaceListView } from '../../../shared/ipc/channels/team';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';

// The client workspaces for the switcher. Switching reopens main's core on the other
// workspace's history; the window then reloads, so every view and store starts on that history
// instead of showing the old workspace's data.

interface WorkspaceState {
  list: WorkspaceListView | null;
  error: ShownError | null;
  busy: boolean;
  load(): Promise<void>;
  create(name: string): Promise<boolean>;
  use(name: string): Promise<void>;
}

/** Reloads the window (swapped in tests, where jsdom cannot navigate). */
export const windowReload = { reload: (): void => window.location.reload() };

export const useWorkspaceStore = create<WorkspaceState>((set) => {
  const guarded = async (fn: () => Promise<void>): Promise<boolean> => {
    set({ busy: true, error: null });
    try {
      await fn();
      return true;
    } catch (err) {
      set({ error: toShownError(err) });
      return false;
    } finally {
      set({ busy: false });
    }
  };
  return {
    list: null,
    error: null,
    busy: false,
    // This machine's workspaces at once, then with the team's (a slow or unreachable server
    // never holds the switcher back).
    load: async () => {
      await guarded(async () => set({ list: await call('workspaces.list', { team: false }) }));
      try {
        set({ list: await call('workspaces.list', { team: true }) });
      } catch (err) {
        set({ error: toShownError(err) });
      }
    },
    create: (name) => guarded(async () => set({ list: await call('workspaces.create', { name }) })),
    use: async (name) => {
      const switched = await guarded(async () => set({ list: await call('workspaces.use', { name }) }));
      if (switched) windowReload.reload();
    },
  };
});
