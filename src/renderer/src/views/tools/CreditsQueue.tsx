import { useEffect } from 'react';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useToastStore } from '../../stores/toast-store';
import { useToolsStore } from '../../stores/tools-store';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ErrorState, Loading } from '../../components/StatusStates';

export const CLEAR_QUEUE_WARNING =
  'This removes EVERY queued task of your organization on the service — not only Parallax’s, also other people’s and other tools’. Tasks already processing keep running.';

/** Credits balance and the organization's async queue, with clear-queue behind a warning. */
export function CreditsQueue() {
  const push = useToastStore((s) => s.push);
  const { credits, queue, error, loading, refresh, clearQueue } = useToolsStore();
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const clear = async (): Promise<void> => {
    const cleared = await clearQueue();
    if (cleared !== null) push('success', `Cleared ${cleared} queued tasks`);
  };

  return (
    <div className="panel">
      <div className="row">
        <h2>Credits and queue</h2>
        <button type="button" className="small" onClick={() => void refresh()} disabled={loading}>
          Refresh
        </button>
      </div>
      {error && <ErrorState error={error} onRetry={() => void refresh()} />}
      {loading && !credits && <Loading />}
      {credits && (
        <dl className="facts horizontal">
          <dt>Credits remaining</dt>
          <dd data-testid="credits-remaining">{formatNumber(credits.remaining)}</dd>
          <dt>Per cycle</dt>
          <dd>{formatNumber(credits.perCycle)}</dd>
          <dt>Cycle resets</dt>
          <dd>
            {credits.cycleResetsAt ? (
              <time dateTime={credits.cycleResetsAt}>{formatDateTime(credits.cycleResetsAt)}</time>
            ) : (
              '—'
            )}
          </dd>
          <dt>Checked</dt>
          <dd>{formatDateTime(credits.fetchedAt)}</dd>
        </dl>
      )}
      {queue && (
        <>
          <dl className="facts horizontal">
            <dt>Queued</dt>
            <dd data-testid="queue-queued">{formatNumber(queue.queuedTasks)}</dd>
            <dt>Processing</dt>
            <dd>{formatNumber(queue.processingTasks)}</dd>
            <dt>Concurrency</dt>
            <dd>{queue.concurrency ? `${queue.concurrency.used} / ${queue.concurrency.max}` : '—'}</dd>
          </dl>
          {queue.priorityBreakdown.length > 0 && (
            <table className="table" aria-label="Queue by priority">
              <thead>
                <tr>
                  <th>Priority</th>
                  <th>Tasks</th>
                </tr>
              </thead>
              <tbody>
                {queue.priorityBreakdown.map((p) => (
                  <tr key={p.priority}>
                    <td>{p.priority}</td>
                    <td>{p.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ConfirmButton
            label="Clear queue"
            warning={CLEAR_QUEUE_WARNING}
            confirmLabel="Clear the whole queue"
            onConfirm={clear}
          />
        </>
      )}
    </div>
  );
}
