import { formatNumber } from '../../lib/format';
import { useAlertsStore } from '../../stores/alerts-store';

/** The sidebar's unread-alerts count (nothing when there are none). */
export function UnreadBadge() {
  const unread = useAlertsStore((s) => s.unread);
  if (!unread) return null;
  return (
    // The words are for screen readers: an aria-label on a plain span is not announced.
    <span className="badge nav-badge" data-testid="alerts-unread-badge">
      {unread > 999 ? '999+' : formatNumber(unread)}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
