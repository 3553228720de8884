import { create } from 'zustand';

export interface Toast {
  id: number;
  level: 'info' | 'warning' | 'error' | 'success';
  message: string;
}

interface ToastState {
  toasts: Toast[];
  push(level: Toast['level'], message: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** Errors stay until dismissed; other notices leave on their own after this long. */
export const TOAST_MS = 8000;

/** In-app notices (the fallback for desktop notifications, which the app does not prompt for). */
export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  push: (level, message) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts.slice(-4), { id, level, message }] }));
    if (level !== 'error')
      setTimeout(() => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), TOAST_MS);
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));
