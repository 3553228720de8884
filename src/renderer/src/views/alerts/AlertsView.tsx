import { useCallback, useEffect, useState } from 'react';
import type { AlertDigest, AlertView } from '../../../../shared/alerts/types';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { alertQuery, useAlertsStore } from '../../stores/alerts-store';
import { useNavStore } from '../../stores/nav-store';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { alertDiffTitle } from './alert-format';
import { AlertFiltersBar } from './AlertFiltersBar';
import { DigestCard } from './DigestCard';

/** Runs read per page (each a digest of its changes). */
const PAGE = 20;

interface Loaded {
  digests: AlertDigest[];
  total: number;
}

/**
 * Change alerts after monitor runs, one digest per run ("3 changes in Buying guides"), newest
 * run first: the focus brand's changes first, then competitors', sources and wording folded;
 * filters, unread marks, and each change opens the word and source diff of its two answers (the
 * previous run's and this run's) in Compare.
 */
export function AlertsView() {
  const store = useAlertsStore();
  const { filters, version, loadFacets, loadUnread, markRead } = store;
  const openResultSet = useNavStore((s) => s.openResultSet);
  // Each page and error is kept with the request it answers (filters and version): a new
  // request shows "Loading" until its own answer arrives, with no reset inside the effect.
  const key = JSON.stringify({ filters, version });
  const [answer, setAnswer] = useState<{ key: string; loaded: Loaded | null; error: ShownError | null }>({
    key: '',
    loaded: null,
    error: null,
  });
  const loaded = answer.key === key ? answer.loaded : null;
  const error = answer.key === key ? answer.error : null;
  const setLoaded = (page: Loaded): void => setAnswer({ key, loaded: page, error: null });
  const setError = (e: ShownError): void => setAnswer({ key, loaded, error: e });
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    void loadFacets();
    void loadUnread();
  }, [loadFacets, loadUnread]);

  const load = useCallback(
    async (offset: number): Promise<Loaded> => {
      const page = await call('alerts.digests', { ...alertQuery(filters, Date.now()), offset, limit: PAGE });
      return { digests: page.digests, total: page.total };
    },
    [filters],
  );

  // New filters, or new alerts (version), read the first page again.
  useEffect(() => {
    let live = true;
    load(0)
      .then((page) => live && setAnswer({ key, loaded: page, error: null }))
      .catch((e: unknown) => live && setAnswer({ key, loaded: null, error: toShownError(e) }));
    return () => {
      live = false;
    };
  }, [load, key]);

  const loadMore = async (): Promise<void> => {
    if (!loaded) return;
    setLoadingMore(true);
    try {
      const page = await load(loaded.digests.length);
      setLoaded({ digests: [...loaded.digests, ...page.digests], total: page.total });
    } catch (e) {
      setError(toShownError(e));
    } finally {
      setLoadingMore(false);
    }
  };

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
              : `${formatNumber(store.unread)} unread · one message per monitor run, your brand’s changes first; the statistics are under Details.`}
          </p>
          <button type="button" disabled={!store.unread} onClick={() => void store.markAllRead()}>
            Mark all read
          </button>
        </div>
        <AlertFiltersBar />
      </div>
      {store.error && <ErrorState error={store.error} />}
      {error !== null && <ErrorState error={error} />}
      {loaded === null && error === null && <Loading label="Loading alerts…" />}
      {loaded?.total === 0 && (
        <Empty>
          No alerts match. Alerts appear after a monitor’s second run, when something changed beyond the noise
          of repeats, and when a brand slides steadily over its last runs.
        </Empty>
      )}
      {loaded && loaded.total > 0 && (
        <>
          <p className="muted small" data-testid="alerts-count">
            {formatNumber(loaded.total)} {loaded.total === 1 ? 'run' : 'runs'} with changes
          </p>
          <div className="digests">
            {loaded.digests.map((d) => (
              <DigestCard
                key={d.runId}
                digest={d}
                isRead={store.isRead}
                onOpen={open}
                onMarkRead={(a) => void markRead(a)}
              />
            ))}
          </div>
          {loaded.digests.length < loaded.total && (
            <button type="button" disabled={loadingMore} onClick={() => void loadMore()}>
              {loadingMore
                ? 'Loading…'
                : `Show ${formatNumber(Math.min(PAGE, loaded.total - loaded.digests.length))} more runs`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
