import { formatNumber } from '../../lib/format';
import { useAlertsStore } from '../../stores/alerts-store';

/** The sidebar's unread-alerts count (nothing when there are none). */
export function UnreadBadge() {
  const unread = useAlertsStore((s) => s.unread);
  if (!unread) return null;
  return (
    <span className="badge nav-badge" aria-label={`${unread} unread`} data-testid="alerts-unread-badge">
      {unread > 999 ? '999+' : formatNumber(unread)}
    </span>
  );
}
