import { useId, useState } from 'react';
import { foldedLine, splitCollapsed } from '../../../../shared/alerts/digest';
import { compareAlerts } from '../../../../shared/alerts/registry';
import type { AlertDigest, AlertView } from '../../../../shared/alerts/types';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ErrorState } from '../../components/StatusStates';
import { AlertRow } from './AlertRow';

interface Props {
  digest: AlertDigest;
  isRead(alert: AlertView): boolean;
  onOpen(alert: AlertView): void;
  onMarkRead(alert: AlertView): void;
}

/**
 * One monitor run's changes as one message: "3 changes in Buying guides", the focus brand's
 * first, then competitors'; changes in cited sites and wording folded below them. A run with
 * more changes than the digest lists loads the rest on demand.
 */
export function DigestCard({ digest, isRead, onOpen, onMarkRead }: Props) {
  const headingId = useId();
  const [all, setAll] = useState<AlertView[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const alerts = all ?? digest.alerts;
  const { shown, folded } = splitCollapsed(alerts);
  const more = digest.total - alerts.length;

  const loadAll = async (): Promise<void> => {
    setLoading(true);
    try {
      const page = await call('alerts.list', { runId: digest.runId, limit: 5000, offset: 0 });
      setAll([...page.alerts].sort(compareAlerts));
    } catch (e) {
      setError(toShownError(e));
    } finally {
      setLoading(false);
    }
  };

  const row = (a: AlertView) => (
    <AlertRow key={a.id} alert={a} read={isRead(a)} onOpen={onOpen} onMarkRead={onMarkRead} />
  );
  const { high, medium, low } = digest.bySeverity;
  return (
    <article className="panel digest" aria-labelledby={headingId} data-run={digest.runId}>
      <header className="digest-head">
        <h2 id={headingId}>{digest.headline}</h2>
        <p className="muted small">
          {formatDateTime(digest.createdAt)} · {formatNumber(high)} about your brand · {formatNumber(medium)}{' '}
          about competitors · {formatNumber(low)} in sources and wording
          {digest.unread > 0 ? ` · ${formatNumber(digest.unread)} unread` : ''}
        </p>
      </header>
      {shown.length > 0 && <ul className="alert-list">{shown.map(row)}</ul>}
      {folded.length > 0 && (
        <details className="digest-folded">
          <summary>{foldedLine(folded.length, shown.length > 0)}</summary>
          <ul className="alert-list">{folded.map(row)}</ul>
        </details>
      )}
      {more > 0 && (
        <button type="button" className="small" disabled={loading} onClick={() => void loadAll()}>
          {loading ? 'Loading…' : `Show all ${formatNumber(digest.total)} changes`}
        </button>
      )}
      {error && <ErrorState error={error} />}
    </article>
  );
}
