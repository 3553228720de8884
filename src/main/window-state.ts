import { screen, type BrowserWindow } from 'electron';
import { DEFAULT_BOUNDS, type WindowBounds } from './window-options';

export interface WindowState extends WindowBounds {
  maximized: boolean;
}

export interface WindowStateStore {
  get(): WindowState | null;
  set(state: WindowState): void;
}

/** The remembered bounds, if they still fit on a connected display (monitors come and go). */
export function restoreBounds(saved: WindowState | null): WindowBounds {
  if (!saved) return DEFAULT_BOUNDS;
  const visible = screen.getAllDisplays().some(({ workArea }) => {
    const x = saved.x ?? workArea.x;
    const y = saved.y ?? workArea.y;
    return (
      x < workArea.x + workArea.width &&
      x + saved.width > workArea.x &&
      y < workArea.y + workArea.height &&
      y + saved.height > workArea.y
    );
  });
  return visible ? saved : { width: saved.width, height: saved.height };
}

/** Saves size, position and maximized state when they change (debounced) and on close. */
export function trackWindowState(window: BrowserWindow, store: WindowStateStore): void {
  let timer: NodeJS.Timeout | undefined;
  const save = (): void => {
    if (window.isDestroyed()) return;
    const bounds = window.getNormalBounds();
    store.set({ ...bounds, maximized: window.isMaximized() });
  };
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, 400);
  };
  window.on('resize', schedule);
  window.on('move', schedule);
  window.on('maximize', schedule);
  window.on('unmaximize', schedule);
  window.on('close', () => {
    clearTimeout(timer);
    save();
  });
}
