import { useToastStore } from '../stores/toast-store';

/**
 * Tells the user a run ended: a desktop notification when the permission is already granted
 * (the app never prompts for it), otherwise an in-app toast.
 */
export function notifyRunDone(title: string, body: string, ok: boolean): void {
  const N = typeof window !== 'undefined' ? window.Notification : undefined;
  if (N && N.permission === 'granted') {
    try {
      new N(title, { body });
      return;
    } catch {
      // Fall through to the toast.
    }
  }
  useToastStore.getState().push(ok ? 'success' : 'warning', `${title}: ${body}`);
}
