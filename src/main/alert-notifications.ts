import { Notification, type BrowserWindow } from 'electron';
import { foldedLine } from '../shared/alerts/digest';
import type { EventPayload } from '../shared/ipc/contract';
import type { EventBus } from '../core/platform';

// A desktop notification after a monitor run that raised change alerts. Clicking it brings the
// window forward and opens the Alerts view ('alerts.open'). Notifications are kept referenced
// until closed: one collected by the garbage collector loses its click handler.

export function notifyOnAlerts(events: EventBus, window: () => BrowserWindow | null): () => void {
  const shown = new Set<Notification>();
  return events.subscribe((event, payload) => {
    if (event !== 'alerts.raised' || !Notification.isSupported()) return;
    const { headline, top, folded } = payload as EventPayload<'alerts.raised'>;
    // One notification per run: the digest's headline, its most severe sentences.
    const body = [...top, ...(folded > 0 && top.length === 0 ? [foldedLine(folded)] : [])].join('\n');
    const notification = new Notification({ title: headline, body: body || 'Click to open Alerts.' });
    shown.add(notification);
    notification.on('click', () => {
      const w = window();
      if (w) {
        if (w.isMinimized()) w.restore();
        w.show();
        w.focus();
      }
      events.emit('alerts.open', {});
    });
    notification.on('close', () => shown.delete(notification));
    notification.show();
  });
}
