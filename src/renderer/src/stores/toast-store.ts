import { create } from 'zustand';

export interface Toast {
  id: number;
  level: 'info' | 'warning' | 'error' | 'success';
  message: string;
  /** A button on the notice (e.g. "Show in folder"); the notice closes when it is used. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  run: () => void;
}

interface ToastState {
  /** Oldest first; the corner shows only the newest few. */
  toasts: Toast[];
  /** The last notice pushed, for the screen-reader announcement (dismissals never re-announce). */
  latest: Toast | null;
  push(level: Toast['level'], message: string, action?: ToastAction): void;
  dismiss(id: number): void;
  dismissAll(): void;
}

let nextId = 1;

/** Errors stay until dismissed; other notices leave on their own after this long. */
export const TOAST_MS = 8000;
/** Notices kept behind the visible ones ("+N more"); past this the oldest are dropped. */
export const TOASTS_KEPT = 50;

/** In-app notices (the fallback for desktop notifications, which the app does not prompt for). */
export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  latest: null,
  push: (level, message, action) => {
    const toast: Toast = { id: nextId++, level, message, ...(action ? { action } : {}) };
    set((s) => ({ toasts: [...s.toasts.slice(-(TOASTS_KEPT - 1)), toast], latest: toast }));
    if (level !== 'error')
      setTimeout(() => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== toast.id) })), TOAST_MS);
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  dismissAll: () => set({ toasts: [] }),
}));
