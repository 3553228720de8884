import { useCallback, useEffect } from 'react';
import type { AlertView } from '../../../../shared/alerts/types';
import { call } from '../../ipc/client';
import { toShownError } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { usePagedRows } from '../../lib/use-paged-rows';
import { alertQuery, useAlertsStore } from '../../stores/alerts-store';
import { useNavStore } from '../../stores/nav-store';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { VirtualList } from '../../components/VirtualList';
import { alertDiffTitle } from './alert-format';
import { AlertFiltersBar } from './AlertFiltersBar';
import { AlertRow } from './AlertRow';

const PAGE = 200;

/**
 * Change alerts after monitor runs, newest first: filters, unread marks, and each alert opens
 * the word and source diff of its two answers (the previous run's and this run's) in Compare.
 */
export function AlertsView() {
  const store = useAlertsStore();
  const { filters, version, loadFacets, loadUnread, markRead } = store;
  const openResultSet = useNavStore((s) => s.openResultSet);

  useEffect(() => {
    void loadFacets();
    void loadUnread();
  }, [loadFacets, loadUnread]);

  // A new key (filters, or new alerts) makes a new loader and so a fresh page cache.
  const key = JSON.stringify({ filters, version });
  const loadPage = useCallback(
    async (offset: number, limit: number) => {
      const { filters: f } = JSON.parse(key) as { filters: typeof filters };
      const page = await call('alerts.list', { ...alertQuery(f, Date.now()), offset, limit });
      return { rows: page.alerts, total: page.total };
    },
    [key],
  );
  const { cache, total, error } = usePagedRows<AlertView>(loadPage, PAGE);

  const open = (alert: AlertView): void => {
    if (!alert.beforeResultId || !alert.afterResultId) return;
    void markRead(alert);
    openResultSet({
      title: alertDiffTitle(alert),
      resultIds: [alert.beforeResultId, alert.afterResultId],
      total: 2,
      diff: true,
    });
  };

  return (
    <section aria-labelledby="alerts-heading" className="view alerts">
      <h1 id="alerts-heading">Alerts</h1>
      <div className="panel">
        <div className="row">
          <p className="muted" role="status">
            {store.unread === null
              ? 'Counting unread alerts…'
              : `${formatNumber(store.unread)} unread · each monitor run is compared with the monitor’s previous run; with repeats only a change outside the 95 % intervals is an alert.`}
          </p>
          <button type="button" disabled={!store.unread} onClick={() => void store.markAllRead()}>
            Mark all read
          </button>
        </div>
        <AlertFiltersBar />
      </div>
      {store.error && <ErrorState error={store.error} />}
      <div className="panel">
        {error !== null && <ErrorState error={toShownError(error)} />}
        {total === null && error === null && <Loading label="Loading alerts…" />}
        {total === 0 && (
          <Empty>
            No alerts match. Alerts appear after a monitor’s second run, when something changed beyond the
            noise of repeats.
          </Empty>
        )}
        {cache && total !== null && total > 0 && (
          <>
            <p className="muted small" data-testid="alerts-count">
              {formatNumber(total)} {total === 1 ? 'alert' : 'alerts'}
            </p>
            <VirtualList<AlertView>
              label="Alerts"
              count={total}
              rowHeight={84}
              rowAt={cache.rowAt}
              onRange={cache.ensureRange}
              onActivate={open}
              height={560}
              renderRow={(a, i) =>
                a ? (
                  <AlertRow
                    alert={a}
                    read={store.isRead(a)}
                    onOpen={open}
                    onMarkRead={(x) => void markRead(x)}
                  />
                ) : (
                  <span className="muted">Loading alert {i + 1}…</span>
                )
              }
            />
            <p className="muted small">
              Enter or a click opens the active alert’s two answers as a word and source diff in Compare (and
              marks it read).
            </p>
          </>
        )}
      </div>
    </section>
  );
}
