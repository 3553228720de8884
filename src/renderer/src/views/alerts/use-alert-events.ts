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
      // One toast per run: the digest's headline and its most severe change.
      const headline = e.headline || `${e.count} change${e.count === 1 ? '' : 's'} in ${e.monitorName}`;
      const first = e.top[0] ? ` ${e.top[0]}` : '';
      const rest = e.count > 1 ? ' Open Alerts (Ctrl+Shift+A) for the rest.' : ' Open Alerts (Ctrl+Shift+A).';
      push('warning', `${headline}:${first}${rest}`);
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
