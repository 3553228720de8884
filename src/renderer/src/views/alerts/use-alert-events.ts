import { useEffect } from 'react';
import { subscribe } from '../../ipc/client';
import { useAlertsStore } from '../../stores/alerts-store';
import { useNavStore } from '../../stores/nav-store';
import { useToastStore } from '../../stores/toast-store';

/**
 * Keeps the unread badge live whichever view is open, and says when a monitor run raised
 * alerts (a toast; the desktop notification is the shell's).
 */
export function useAlertEvents(enabled: boolean): void {
  const push = useToastStore((s) => s.push);
  useEffect(() => {
    if (!enabled) return;
    const store = useAlertsStore.getState();
    void store.loadUnread();
    const offChanged = subscribe('alerts.changed', (e) => useAlertsStore.getState().onChanged(e.unread));
    const offRaised = subscribe('alerts.raised', (e) => {
      push(
        'warning',
        `${e.monitorName}: ${e.count} change alert${e.count === 1 ? '' : 's'} after its latest run. Open Alerts (Ctrl+Shift+A) to see what changed.`,
      );
    });
    // The shell's notification was clicked: show the alerts.
    const offOpen = subscribe('alerts.open', () => useNavStore.getState().go('alerts'));
    return () => {
      offChanged();
      offRaised();
      offOpen();
    };
  }, [enabled, push]);
}
