import { create } from 'zustand';
import type { EventPayload } from '../../../shared/ipc/contract';

interface StorageAlertState {
  /** The history cannot be written and runs are holding their answers; null when it can. */
  blocked: EventPayload<'storage.blocked'> | null;
  /** The user closed the dialog for this episode (it opens again for the next one). */
  dismissed: boolean;
  onBlocked(e: EventPayload<'storage.blocked'>): void;
  onCleared(): void;
  dismiss(): void;
}

/** The history's write problems (full disk, lock, read-only disk) while runs hold their answers. */
export const useStorageAlertStore = create<StorageAlertState>((set) => ({
  blocked: null,
  dismissed: false,
  onBlocked: (e) => set({ blocked: e, dismissed: false }),
  onCleared: () => set({ blocked: null, dismissed: false }),
  dismiss: () => set({ dismissed: true }),
}));
