import { call } from '../ipc/client';
import { toShownError } from './errors';
import { useToastStore } from '../stores/toast-store';

/** The file's name without its folder ("veloxa-2026-11.csv" of "/home/ana/Documents/veloxa-2026-11.csv"). */
export function fileName(path: string): string {
  return path.split(/[\\/]/u).filter(Boolean).pop() ?? path;
}

/**
 * The notice for a file the app saved: its name, never the whole (possibly temporary) path, and
 * a "Show in folder" button that opens the system's file manager on it. A caveat about the file
 * (an export of a run that has not finished is partial) turns the notice into a warning.
 */
export function notifySaved(what: string, path: string, caveat?: string | null): void {
  const push = useToastStore.getState().push;
  const message = `${what}: ${fileName(path)}`;
  push(caveat ? 'warning' : 'success', caveat ? `${message}. ${caveat}` : message, {
    label: 'Show in folder',
    run: () =>
      void call('app.showInFolder', { path }).catch((error: unknown) =>
        push('error', `Could not show ${fileName(path)}: ${toShownError(error).message}`),
      ),
  });
}
